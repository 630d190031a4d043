/**
 * A load generator's IPC life: it says it is ready, takes one command, runs it, sends the
 * report and exits (an error is printed and exits 1, which the bench sees).
 */
export function answerOneRun<C, R>(run: (command: C) => Promise<R>) {
  process.once('message', (command: C) => {
    run(command).then(
      (report) => {
        process.send?.(report);
        setTimeout(() => process.exit(0), 50);
      },
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
  // Loaded and listening: the bench may now give the start time.
  process.send?.({ type: 'ready' });
}
