/** Counters of the live stream, read by the metrics (monotonic unless named open). */
export interface LiveCounters {
  /** Wake-up notifications received from the other server processes. */
  announcements: number;
  /** Events framed and fanned out to this process's streams. */
  eventsPublished: number;
  /** Event frames written to clients (live and replayed; keep-alives excluded). */
  framesDelivered: number;
  streamsOpened: number;
  /** Clients ended because they did not read fast enough. */
  slowClientsDropped: number;
  /** Reconnections served from memory, from the database, or answered with resync. */
  replaysFromMemory: number;
  replaysFromDatabase: number;
  resyncs: number;
}

export interface LiveStats extends LiveCounters {
  streamsOpen: number;
}

export function newCounters(): LiveCounters {
  return {
    announcements: 0,
    eventsPublished: 0,
    framesDelivered: 0,
    streamsOpened: 0,
    slowClientsDropped: 0,
    replaysFromMemory: 0,
    replaysFromDatabase: 0,
    resyncs: 0,
  };
}
