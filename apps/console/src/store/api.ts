import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { WithSlice } from '@reduxjs/toolkit';
import type { ErrorCode } from '@sos/contract';
import { API_PREFIX } from '@sos/contract/paths';
import { getFreshAccessToken, noteRefusal } from './tokenRefresh.js';
import { injectLazy } from './store.js';
import { retryWhileUnavailable } from './retryUnavailable.js';

interface ApiExtraOptions {
  /** Login and refresh: sent without a bearer token. */
  public?: boolean;
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_PREFIX, credentials: 'same-origin' });

const withToken = (args: string | FetchArgs, token: string): FetchArgs => {
  const request = typeof args === 'string' ? { url: args } : args;
  const headers = new Headers(request.headers as HeadersInit | undefined);
  headers.set('authorization', `Bearer ${token}`);
  return { ...request, headers };
};

/**
 * Refused with the token sent: expired (clock skew between browser and server), or its
 * session ended elsewhere (a password or role change, docs/security.md). A forced refresh tells:
 * a new token, or (401) the session is over and the storage is cleared (docs/console.md).
 */
const isRefused = (error: FetchBaseQueryError | undefined) => error?.status === 401;

/**
 * Every call: refresh the access token first when it has expired (single flight), send it
 * as a bearer header, and once more after a forced refresh if the server refused it.
 */
const authorizedQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  if (extraOptions?.public) return rawBaseQuery(args, api, {});
  const store = { dispatch: api.dispatch, getState: api.getState };
  const token = await getFreshAccessToken(store);
  if (!token) return { error: { status: 401, data: { code: 'UNAUTHORIZED' satisfies ErrorCode } } };
  const result = await rawBaseQuery(withToken(args, token), api, {});
  if (!isRefused(result.error)) return result;
  noteRefusal((result.error?.data as { code?: unknown } | undefined)?.code);
  const renewed = await getFreshAccessToken(store, true);
  if (!renewed) return result;
  return rawBaseQuery(withToken(args, renewed), api, {});
};

/** ...and a read that meets a database outage is sent again once it has passed (retryUnavailable.ts). */
export const baseQuery: typeof authorizedQuery = (args, api, extraOptions) =>
  retryWhileUnavailable(() => Promise.resolve(authorizedQuery(args, api, extraOptions)), api);

/** The one RTK Query API; each feature adds its endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Device', 'Sos', 'User', 'ApiKey', 'TechnicalAlarm', 'Profile', 'DeletedDevice'],
  endpoints: () => ({}),
});

declare module './store.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- RTK's declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

// Joins the store when the first screen that calls the API loads (every one after login).
injectLazy(api, api.middleware);
