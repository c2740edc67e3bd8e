import os from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { turns } from '../../lib/turns.js';

/** Algorithm.Argon2id: a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id with the OWASP minimum (docs/accounts.md: m=19 MiB, t=2, p=1). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes and verifications running at once: one per core. Each holds its 19 MiB while it runs
 * and the work is CPU-bound, so more at once than cores brings no speed, only memory; a login
 * waits its turn instead (docs/accounts.md).
 */
export const HASHES_AT_ONCE = os.availableParallelism();
export const hashingTurns = turns(HASHES_AT_ONCE);

export function hashPassword(password: string): Promise<string> {
  return hashingTurns.run(() => hash(password, OPTIONS));
}

/** Verified against a dummy hash when there is no account, so timing does not tell who is registered. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('koma-timing-equaliser');
  try {
    const stored = passwordHash ?? (await dummyHash);
    const ok = await hashingTurns.run(() => verify(stored, password));
    return passwordHash !== undefined && ok;
  } catch {
    return false;
  }
}
