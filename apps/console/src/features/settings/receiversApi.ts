import type { ReceiversResponse } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';

/** The alarm receivers' status (GET /api/conf/receivers), read when Settings opens. */
const receiversApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceivers: build.query<ReceiversResponse, void>({ query: () => PATHS.confReceivers }),
  }),
});

export const { useGetReceiversQuery } = receiversApi;
