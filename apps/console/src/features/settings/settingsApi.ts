import type { SetApiKeyRequest } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';

/** The device API key (docs/console.md /conf/apiKey). */
const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKey: build.query<{ apiKey: string }, void>({
      query: () => PATHS.confApiKey,
      providesTags: ['ApiKey'],
    }),
    setApiKey: build.mutation<{ apiKey: string }, SetApiKeyRequest>({
      query: (body) => ({ url: PATHS.confApiKey, method: 'POST', body }),
      invalidatesTags: ['ApiKey'],
    }),
  }),
});

export const { useGetApiKeyQuery, useSetApiKeyMutation } = settingsApi;
