import { join } from 'node:path';
import { login, registerDevices } from './api.js';
import type { BenchContext } from './bench.js';
import { startFloorBroadcaster } from './floor.js';
import type { LiveTarget } from './live-run.js';
import { createBenchDatabase } from './pg.js';
import { freshProfileDir } from './profile.js';
import { startServer } from './server.js';

/** A live target, started and ready: devices registered, a token signed in. */
export interface StartedTarget extends LiveTarget {
  stop(): Promise<void>;
}

export type TargetKind = 'floor' | 'embedded' | 'postgres';

export function profileDir(ctx: BenchContext, name: string): string | undefined {
  return ctx.profile ? freshProfileDir(join(ctx.profileDir, name)) : undefined;
}

/**
 * Starts the floor broadcaster or the product (fresh temp data dir, or a fresh PostgreSQL
 * database dropped on stop). Resolves { skipped } when PostgreSQL cannot be reached.
 */
async function startTarget(
  kind: TargetKind,
  ctx: BenchContext,
  bench: string,
  devices: number,
): Promise<StartedTarget | { skipped: string }> {
  const cpuProfileDir = profileDir(ctx, `${bench}-${kind}`);
  if (kind === 'floor') {
    const floor = await startFloorBroadcaster(cpuProfileDir);
    return {
      label: 'floor (bare node:http SSE)',
      url: floor.url,
      pid: floor.pid,
      rss: floor.rss,
      stop: floor.stop,
      spawnedAt: floor.spawnedAt,
      cpuProfileDir,
    };
  }
  const database = kind === 'postgres' ? await createBenchDatabase(bench) : undefined;
  if (database && 'skipped' in database) return database;
  const server = await startServer({ databaseUrl: database?.url, cpuProfileDir });
  try {
    await registerDevices(server.url, devices);
    const token = await login(server.url);
    return {
      label: kind === 'postgres' ? 'product, PostgreSQL' : 'product, embedded',
      url: server.url,
      pid: server.pid,
      rss: server.rss,
      token,
      spawnedAt: server.spawnedAt,
      cpuProfileDir,
      stop: async () => {
        await server.dispose();
        await database?.drop();
      },
    };
  } catch (err) {
    await server.dispose();
    await database?.drop();
    throw err;
  }
}

/** Starts several targets (skipping PostgreSQL when unreachable); stop() stops them all. */
export async function startTargets(
  kinds: TargetKind[],
  ctx: BenchContext,
  bench: string,
  devices: number,
) {
  const started: Array<{ kind: TargetKind; target: StartedTarget }> = [];
  const notes: string[] = [];
  const stop = async () => {
    for (const { target } of started.splice(0)) await target.stop();
  };
  try {
    for (const kind of kinds) {
      const target = await startTarget(kind, ctx, bench, devices);
      if ('skipped' in target) notes.push(`${kind} skipped: ${target.skipped}`);
      else started.push({ kind, target });
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { started: [...started], notes, stop };
}
