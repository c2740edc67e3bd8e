/**
 * What a long bench must undo however it ends (servers, databases, a checkout): run in reverse
 * order once, at the end, on Ctrl-C or SIGTERM, or when its time is up.
 */
export class Cleanups {
  private readonly steps = new Set<{ label: string; run: () => unknown }>();
  private running: Promise<void> | null = null;

  get cleaning(): boolean {
    return this.running !== null;
  }

  /** Registers `run`; the returned function runs it now and forgets it. */
  add(label: string, run: () => unknown): () => Promise<void> {
    const step = { label, run };
    // Something started while cleaning up (a server that was starting) is undone at once.
    if (this.running) void Promise.resolve().then(run);
    else this.steps.add(step);
    return async () => {
      if (!this.steps.delete(step)) return;
      await run();
    };
  }

  /** Runs every registered step, last first; a failing step is reported and the rest still run. */
  runAll(): Promise<void> {
    this.running ??= (async () => {
      for (const step of [...this.steps].reverse()) {
        this.steps.delete(step);
        try {
          await step.run();
        } catch (err) {
          console.error(`cleanup (${step.label}) failed: ${(err as Error).message}`);
        }
      }
    })();
    return this.running;
  }

  /** On SIGINT/SIGTERM, or after `limitMs`, cleans up and exits (130, 143, or 2 when out of time). */
  exitOnSignalOrAfter(limitMs: number): void {
    const exit = (code: number, why: string) => {
      console.error(`\n${why}: cleaning up…`);
      void this.runAll().finally(() => process.exit(code));
    };
    process.once('SIGINT', () => exit(130, 'interrupted'));
    process.once('SIGTERM', () => exit(143, 'terminated'));
    setTimeout(() => exit(2, `time limit of ${Math.round(limitMs / 60_000)} min reached`), limitMs).unref();
  }
}
