import { expect } from '@playwright/test';
import type { SosTimelineEntry } from '@sos/contract';

/** The timeline's calls made with the console's telephone (docs/voice.md). */
export const voiceCalls = (timeline: SosTimelineEntry[]) =>
  timeline.filter((entry) => entry.call?.via === 'VOICE');

/** When something happened, as a test can see it: not before `after`, not later than `by` (ms). */
export interface Moment {
  after: number;
  by: number;
}

/** `run` brackets the moment an effect it waits for took place. */
export async function moment(run: () => Promise<unknown>): Promise<Moment> {
  const after = Date.now();
  await run();
  return { after, by: Date.now() };
}

/**
 * A call's recorded length (whole seconds, Kamailio's 200 OK to its BYE, docs/voice.md) is
 * within 1 s of the call the operator had. The test cannot see those two moments at Kamailio,
 * only that the answer came between a click and the in-call clock showing, and the end between
 * the hang-up click and the bar going; on a loaded machine those gaps reach seconds, so the
 * check allows 1 s beyond the shortest and the longest lengths they leave possible.
 */
export function expectLengthWithin1s(durationS: number, answered: Moment, ended: Moment): void {
  expect(durationS).toBeGreaterThanOrEqual((ended.after - answered.by) / 1000 - 1);
  expect(durationS).toBeLessThanOrEqual((ended.by - answered.after) / 1000 + 1);
}
