/**
 * Resolves once the report has left through the IPC channel: a report of a few hundred
 * thousand cycle times takes longer than a fixed pause to write, and exiting first lost it
 * (a full run failed with "the child exited (0) first").
 */
export function sendReport(report: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return resolve();
    process.send(report, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}
