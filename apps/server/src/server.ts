import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Env } from './env.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './app.js';
import consolePlugin from './plugins/external/console.js';
import { bootstrap } from './bootstrap.js';
import { loggerOptions } from './logger.js';
import { SERVER_ROOT } from './lib/paths.js';
import { serverSide, type Companion } from './companion.js';
import { apiUrlOf, voiceOptionsOf } from './voice-options.js';

export interface StartedServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

const DEFAULT_CONSOLE_DIR = join(SERVER_ROOT, '..', 'console', 'dist');

/**
 * Opens and migrates the database, creates the first accounts, and listens; then starts the
 * companion, if any (`npm run demo`'s simulated devices, companion.ts).
 */
export async function startServer(
  env: Env,
  interactive: boolean,
  companion?: Companion,
): Promise<StartedServer> {
  const database = await openDatabase(env);
  const boot = await bootstrap(database.db, {
    adminUsername: env.SOS_ADMIN_USERNAME,
    adminPassword: env.SOS_ADMIN_PASSWORD,
    deviceApiKey: env.SOS_DEVICE_API_KEY,
  }).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  const app = await buildApp({
    env,
    database,
    logger: loggerOptions(env, interactive),
    receivers: {
      host: env.HOST,
      dc09Port: env.SOS_DC09_PORT,
      dc09Key: env.SOS_DC09_KEY,
      scaipPort: env.SOS_SCAIP_PORT,
      voice: env.SOS_VOICE_SIP_PORT !== undefined,
    },
    voice: voiceOptionsOf(env),
  });
  const consoleDir = resolve(env.SOS_CONSOLE_DIR ?? DEFAULT_CONSOLE_DIR);
  const hasConsole = existsSync(join(consoleDir, 'index.html'));
  if (hasConsole) await app.register(consolePlugin, { root: consoleDir });
  await app.listen({ port: env.PORT, host: env.HOST });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  // A companion calls this very server over loopback, as real devices call it over the network.
  const bound = typeof address === 'object' && address ? address.address : '127.0.0.1';
  // Managed voice: Kamailio calls this server back, so it starts once the port is known.
  await app.voice
    ?.start(apiUrlOf(bound, port), app.receivers.port('SCAIP'))
    .catch(async (err: unknown) => {
      await app.close();
      throw err;
    });
  const dc09Port = app.receivers.port('DC09');
  const scaipPort = app.receivers.port('SCAIP');
  const beside = companion
    ? await companion(
        serverSide(database.db, app.log, {
          bound,
          port,
          apiKey: boot.apiKey,
          dc09: dc09Port === null ? null : { port: dc09Port, key: env.SOS_DC09_KEY },
          scaip: scaipPort === null ? null : { port: scaipPort },
          voice: app.voice ? { sipPort: app.voice.settings.sipPort } : null,
          zone: env.TZ,
        }),
      ).catch((err: unknown) => {
        app.log.error({ err }, 'the companion started beside the server could not start');
        return undefined;
      })
    : undefined;

  const lines = [
    '',
    `  SOS Console is running: ${url}`,
    `  database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${resolve(env.SOS_DATA_DIR)}`}`,
  ];
  if (!hasConsole) lines.push(`  console not built (${consoleDir} missing): run npm run build`);
  if (boot.createdAdmin) {
    lines.push(`  first super administrator: ${boot.createdAdmin.username}`);
    if (boot.createdAdmin.generated) {
      lines.push(
        `  its generated password:   ${boot.createdAdmin.password}   (shown only this once)`,
      );
    }
  }
  lines.push(`  device API key (X-Api-Key): ${boot.apiKey}`);
  if (dc09Port !== null) {
    const security = env.SOS_DC09_KEY
      ? `AES-${env.SOS_DC09_KEY.length * 4}`
      : 'plain frames, no key';
    lines.push(`  SIA DC-09 receiver: TCP and UDP port ${dc09Port} (${security})`);
  }
  if (scaipPort !== null) lines.push(`  SCAIP receiver: SIP over TCP and UDP port ${scaipPort}`);
  if (app.voice) {
    const how = app.voice.managed
      ? `Kamailio and rtpengine run by this server (logs in ${app.voice.managed.dir})`
      : 'Kamailio and rtpengine as services';
    lines.push(
      `  voice: SIP on UDP and TCP port ${app.voice.settings.sipPort}, domain ${app.voice.domain}; ${how}`,
    );
  }
  if (beside) lines.push(...beside.lines);
  lines.push('');
  console.log(lines.join('\n'));

  return {
    app,
    url,
    close: async () => {
      await beside?.stop();
      await app.close();
    },
  };
}
