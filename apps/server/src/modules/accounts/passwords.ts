import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id with the OWASP minimum (docs/accounts.md: m=19 MiB, t=2, p=1). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes running at once. Each holds its 19 MiB while it runs and the work is CPU-bound: more at
 * once than cores brings no speed, only memory (four libuv threads would hold 76 MiB). The others
 * wait their turn in order.
 */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or frees up.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, OPTIONS));
}

/** Verified against a dummy hash when there is no account, so timing does not tell who is registered. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('koma-timing-equaliser');
  try {
    const stored = passwordHash ?? (await dummyHash);
    const ok = await inTurn(() => verify(stored, password));
    return passwordHash !== undefined && ok;
  } catch {
    return false;
  }
}
