import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, apiPath, LIVE_EVENTS, liveEventSchemas } from '@sos/contract';

const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
const DOCS_PATH = `${API_PREFIX}/docs`;

const TAGS = [
  {
    name: 'auth',
    description: 'Login, token refresh and logout: the only console calls without a bearer token.',
  },
  {
    name: 'sos',
    description: `Open and closed SOS, and the live stream ${apiPath('sosRealTime')}.`,
  },
  { name: 'device', description: 'The devices as the console lists and deletes them.' },
  { name: 'employee', description: 'User accounts (super administrators only).' },
  { name: 'conf', description: 'The device API key (super administrators only).' },
  {
    name: 'audit',
    description:
      'Who did what, when, from where: the tamper-evident audit log (super administrators only).',
  },
  {
    name: 'device API',
    description:
      'What the SOS devices call, with the configuration API key in X-Api-Key. Changing the key ' +
      'cuts off every device still sending the old one.',
  },
];

/**
 * The data of each live event as a named schema, so a client author finds their shapes
 * next to the stream's description (an event stream has no response schema of its own).
 */
function liveEventComponents(): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const name of Object.values(LIVE_EVENTS)) {
    const schema = z.toJSONSchema(liveEventSchemas[name], { target: 'openapi-3.0', io: 'output' });
    const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
    components[`LiveEvent_${name}`] = {
      ...rest,
      description: `The JSON \`data:\` of a \`${name}\` event on ${apiPath('sosRealTime')}`,
    };
  }
  return components;
}

/**
 * OpenAPI 3 document built from the routes' zod schemas, served at /api/openapi.json,
 * and Swagger UI at /api/docs. The UI loads only its own files from this server, so the
 * global CSP (script-src 'self', no eval) holds for it too.
 */
async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'SOS Console API',
        description:
          'The console API (bearer access tokens), the device API (X-Api-Key) and the live stream. ' +
          'Times are ISO 8601 strings; token expiries are Unix seconds. Errors are ' +
          '`{ statusCode, error, message, code }` with a stable `code`.',
        version: '0.1.0',
      },
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: `The access_token of ${apiPath('login')} or ${apiPath('refreshAuth')}`,
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description: `The device API key (${apiPath('confApiKey')})`,
          },
          voiceSecret: {
            type: 'http',
            scheme: 'bearer',
            description: "Kamailio's shared secret, SOS_VOICE_SECRET (docs/voice.md)",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      const object = jsonSchemaTransformObject(document);
      const { components } = object as { components?: { schemas?: object } };
      return {
        ...object,
        components: {
          ...components,
          schemas: { ...components?.schemas, ...liveEventComponents() },
        },
      } as typeof object;
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

export default fp(docsPlugin, { name: 'docs', fastify: '5.x' });
