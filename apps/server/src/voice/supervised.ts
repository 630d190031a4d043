import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { processesNaming } from './leftovers.js';

/**
 * One telephony daemon the server runs (docs/voice.md, managed mode): started in a process
 * group of its own with its output in a log file, so it outlives a server that is killed
 * (calls keep their media; the next start adopts it by its pid file); restarted within a
 * second when it dies; stopped (SIGTERM) when the server stops.
 */
export interface SupervisedOptions {
  name: string;
  command: string;
  args: string[];
  pidFile: string;
  logFile: string;
  /** Told of every (re)start and death: never a secret (the arguments carry none). */
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const CHECK_MS = 1000;
/** How long a killed leftover may take to go (and free its ports). */
const KILL_WAIT_MS = 3000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals the daemon's whole process group (its forked children hold its sockets). */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

function pidIn(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 1 ? pid : null;
}

export class Supervised {
  private pid: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  restarts = 0;

  constructor(private readonly options: SupervisedOptions) {}

  /**
   * Adopts a daemon left running by a previous server with the same files, else starts one.
   * Whatever else still names this daemon's files (a server killed during its own start left
   * it, or the files changed) is killed first and waited for: it would hold the ports.
   */
  async start(adopt: boolean): Promise<void> {
    const previous = pidIn(this.options.pidFile);
    const running = processesNaming(this.options.pidFile);
    if (adopt && previous !== null && running.some((p) => p.pid === previous)) {
      this.pid = previous;
      this.options.log.info(
        { daemon: this.options.name, pid: previous },
        'voice: adopted the running daemon',
      );
    }
    const strays = running.filter((p) => p.pgid !== this.pid);
    if (strays.length > 0) {
      this.options.log.warn(
        { daemon: this.options.name, processes: strays.length },
        'voice: stopping what a previous server left running',
      );
      for (const stray of strays) signalGroup(stray.pid, 'SIGKILL');
      const until = Date.now() + KILL_WAIT_MS;
      // Read again from /proc, not with kill(pid, 0): a killed orphan may stay a zombie a while.
      const left = () => processesNaming(this.options.pidFile).some((p) => p.pgid !== this.pid);
      while (left() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    }
    if (this.pid === null) this.spawn();
    this.timer = setInterval(() => this.check(), CHECK_MS);
    this.timer.unref();
  }

  private spawn(): void {
    rmSync(this.options.pidFile, { force: true });
    const out = openSync(this.options.logFile, 'a');
    const child = spawn(this.options.command, this.options.args, {
      detached: true,
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    child.unref();
    child.on('error', (err) =>
      this.options.log.warn(
        { daemon: this.options.name, err },
        'voice: the daemon could not start',
      ),
    );
    this.pid = child.pid ?? null;
    this.options.log.info(
      { daemon: this.options.name, pid: this.pid, log: this.options.logFile },
      'voice: daemon started',
    );
  }

  private check(): void {
    if (this.stopping || (this.pid !== null && alive(this.pid))) return;
    // Its children outlive it and keep its ports: they go first.
    if (this.pid !== null) signalGroup(this.pid, 'SIGKILL');
    this.restarts += 1;
    this.options.log.warn(
      { daemon: this.options.name, log: this.options.logFile },
      'voice: the daemon died: restarting it',
    );
    this.spawn();
  }

  /** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  async stop(graceMs = 3000): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    const pid = this.pid;
    if (pid === null) return;
    signalGroup(pid, 'SIGTERM');
    const until = Date.now() + graceMs;
    while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    signalGroup(pid, 'SIGKILL');
    rmSync(this.options.pidFile, { force: true });
  }

  /** The daemon's pid now (tests kill it to see it come back). */
  get currentPid(): number | null {
    return this.pid;
  }
}
