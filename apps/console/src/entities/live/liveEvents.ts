import { createAction } from '@reduxjs/toolkit';
import { liveEventSchemas, type LiveEventData, type LiveEventName } from '@sos/contract';

/** One event of the live stream, validated: its name and its data. */
export type LiveEvent = {
  [N in LiveEventName]: { name: N; data: LiveEventData<N> };
}[LiveEventName];

/** Every valid live event goes through this action; the slices that care apply it. */
export const liveEventReceived = createAction<LiveEvent>('live/eventReceived');

export const LIVE_EVENT_NAMES = Object.keys(liveEventSchemas) as LiveEventName[];

/** Parses and validates the data of a named event; null (and a log line) when invalid. */
export function parseLiveEvent(name: LiveEventName, raw: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    console.error(`Live event ${name}: data is not JSON`, raw);
    return null;
  }
  const result = liveEventSchemas[name].safeParse(json);
  if (!result.success) {
    console.error(`Live event ${name}: invalid data`, result.error.issues);
    return null;
  }
  return { name, data: result.data } as LiveEvent;
}
