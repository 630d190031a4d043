import type { PushSubscriptionBody } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';

/** Web Push (docs/push.md): the server's VAPID key and this browser's subscription. */
const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushKey: build.query<{ publicKey: string }, void>({ query: () => PATHS.pushKey }),
    savePushSubscription: build.mutation<null, PushSubscriptionBody>({
      query: (body) => ({ url: PATHS.pushSubscriptions, method: 'POST', body }),
    }),
    deletePushSubscription: build.mutation<null, string>({
      query: (endpoint) => ({
        url: `${PATHS.pushSubscriptions}?endpoint=${encodeURIComponent(endpoint)}`,
        method: 'DELETE',
      }),
    }),
  }),
});

export const {
  useLazyPushKeyQuery,
  useSavePushSubscriptionMutation,
  useDeletePushSubscriptionMutation,
} = pushApi;
