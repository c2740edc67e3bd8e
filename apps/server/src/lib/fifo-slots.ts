/**
 * At most `size` tasks at once, the others waiting in the order they asked: a delivery's pages
 * take turns with another delivery's, page by page (docs/print.md, "Delivery"). A dozen lines, so
 * no dependency for it.
 */
export function fifoSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  const take = async () => {
    if (free > 0) {
      free -= 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const give = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await take();
      try {
        return await task();
      } finally {
        give();
      }
    },
  };
}
