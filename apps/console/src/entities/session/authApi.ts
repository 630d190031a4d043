import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';

/** Logout; login is a plain thunk (login.ts) so the login page needs no RTK Query. */
const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Revokes the refresh token (docs/contract.md). Best effort: the session ends in this
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

export const { useLogoutMutation } = authApi;
