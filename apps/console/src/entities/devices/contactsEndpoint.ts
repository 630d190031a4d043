import type { DeviceContact } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import { contactsReceived } from './deviceActions.js';

/**
 * GET /api/device/contacts for the cards on screen (docs/shift.md). A background poll: a
 * failure is logged, not shown (the next poll comes in 30 s; a lost server has its banner).
 */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<DeviceContact[], string>({
      async queryFn(ids, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: PATHS.deviceContacts, params: { ids } });
        if (result.error) {
          console.error('Device contacts poll failed', result.error);
          return { data: [] };
        }
        return { data: result.data as DeviceContact[] };
      },
      keepUnusedDataFor: 0,
      async onQueryStarted(_ids, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: [] as DeviceContact[] }));
        if (data.length > 0) dispatch(contactsReceived(data));
      },
    }),
  }),
});
