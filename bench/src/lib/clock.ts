/**
 * A wall clock with sub-millisecond resolution, comparable across processes of this
 * machine: performance.timeOrigin is the system clock read when the process started,
 * performance.now() a monotonic clock since then. Child processes also measure their
 * offset to the parent over IPC (see sse-fleet.ts), which bounds the remaining skew.
 */
export const wallNow = (): number => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
