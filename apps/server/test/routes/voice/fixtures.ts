import type { BuildAppOptions } from '../../../src/app.js';
import type { TestContext } from '../../helpers/app.js';

export const VOICE_SECRET = 'voice-test-secret-0123456789abcdefghij';

/** Voice on, its daemons run elsewhere (the routes alone): nothing is started. */
export const UNMANAGED: Pick<BuildAppOptions, 'voice'> = {
  voice: {
    managed: false,
    secret: VOICE_SECRET,
    settings: {
      sipPort: 45060,
      host: '127.0.0.1',
      publicHost: 'voice.test',
      rtpPorts: [40000, 40099],
      trunk: undefined,
      scaipPort: null,
    },
  },
};

const kamailio = (secret = VOICE_SECRET) => ({ authorization: `Bearer ${secret}` });

export const postEvent = (ctx: TestContext, body: unknown, secret = VOICE_SECRET) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/voice/events',
    headers: kamailio(secret),
    payload: body as object,
  });

export const routeQuestion = (ctx: TestContext, from: string, to: string, secret = VOICE_SECRET) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/voice/route',
    query: { from, to },
    headers: kamailio(secret),
  });
