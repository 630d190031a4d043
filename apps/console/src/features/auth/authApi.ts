import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { PATHS, type AuthResponse, type LoginRequest } from '@sos/contract';
import { api } from '../../app/api.js';

/** Adds the Retry-After of a throttled login, so the message can say how long to wait. */
function withRetryAfter(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined) {
  const header = meta?.response?.headers.get('retry-after');
  if (error.status !== 429 || !header) return error;
  return { ...error, data: { ...(error.data as object), retryAfterS: Number(header) } };
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (credentials) => ({ url: PATHS.login, method: 'POST', body: credentials }),
      transformErrorResponse: withRetryAfter,
      extraOptions: { public: true },
    }),
    /**
     * Revokes the refresh token (DESIGN §3). Best effort: the session ends in this
     * browser whatever the answer, so a failure is neither shown nor retried.
     */
    logout: build.mutation<null, string>({
      queryFn: async (refreshToken, queryApi, extraOptions, baseQuery) => {
        await baseQuery({
          url: PATHS.logout,
          method: 'POST',
          body: { refresh_token: refreshToken },
          // The request outlives the page's state (and the page, if it is closed now).
          keepalive: true,
        });
        return { data: null };
      },
      extraOptions: { public: true },
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
