/**
 * Runs `work` at most `atOnce` at a time, the others in order of arrival. A dozen lines rather
 * than p-limit, which is not among the dependencies; `waiting` says how many wait their turn.
 */
export function turns(atOnce: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get waiting() {
      return waiting.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, or frees up.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
