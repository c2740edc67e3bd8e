import { summary } from './stats.js';

export type LoopResult = ReturnType<typeof summary> & {
  reqPerSec: number;
  errors: number;
  /** The first error's message, to say what went wrong. */
  firstError?: string;
};

/**
 * `workers` users each calling `call(worker)` back to back for `seconds`, as people do (one
 * request of theirs at a time; autocannon's connections cannot each stay one signed-in user on
 * their own pages). Every call's latency is measured; a call that throws counts as an error.
 */
export async function closedLoop(
  workers: number,
  seconds: number,
  call: (worker: number) => Promise<unknown>,
): Promise<LoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + seconds * 1000;
  const loop = async (worker: number) => {
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        await call(worker);
        latencies.push(performance.now() - sent);
      } catch (err) {
        errors += 1;
        firstError ??= String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    ...summary(latencies),
    reqPerSec: +(latencies.length / elapsed).toFixed(1),
    errors,
    ...(firstError && { firstError }),
  };
}
