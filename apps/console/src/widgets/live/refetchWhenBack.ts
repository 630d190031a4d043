import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../store/api.js';

interface QueryEntry {
  status: string;
  endpointName?: string;
  originalArgs?: unknown;
  error?: unknown;
}

/** The server could not be reached (or a proxy said so): worth asking again once it is back. */
export function isUnreachable(error: unknown): boolean {
  const { status, originalStatus } = (error ?? {}) as FetchBaseQueryError & {
    originalStatus?: number;
  };
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  if (status === 'PARSING_ERROR') return (originalStatus ?? 0) >= 502;
  return typeof status === 'number' && status >= 502 && status <= 504;
}

type Initiate = (args: unknown, options: object) => UnknownAction;

/**
 * Every read that failed because the server could not be reached is asked again, once
 * (docs/shift.md "Back after an outage"): a detail opened during an outage gets its timeline
 * when the server is back, not only after a reload. Answers how many were asked.
 */
export function refetchUnreachable(
  state: unknown,
  dispatch: (action: UnknownAction) => unknown,
): number {
  const queries = (state as { api?: { queries: Record<string, QueryEntry | undefined> } }).api
    ?.queries;
  let asked = 0;
  for (const entry of Object.values(queries ?? {})) {
    if (entry?.status !== 'rejected' || !entry.endpointName || !isUnreachable(entry.error))
      continue;
    const endpoint = (api.endpoints as Record<string, { initiate?: Initiate } | undefined>)[
      entry.endpointName
    ];
    if (!endpoint?.initiate) continue;
    dispatch(endpoint.initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }));
    asked += 1;
  }
  return asked;
}
