/**
 * The value a test's setup needs from a reply (the first row of a list, a found item), or an
 * error naming what is missing: the setup stops there instead of going on with `undefined`.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what}: missing`);
  return value;
}
