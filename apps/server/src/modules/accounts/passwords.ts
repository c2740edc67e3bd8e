import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id with the OWASP minimum (DESIGN.md section 4: m=19 MiB, t=2, p=1). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Verified against a dummy hash when there is no account, so timing does not tell who is registered. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('koma-timing-equaliser');
  try {
    const ok = await verify(passwordHash ?? (await dummyHash), password);
    return passwordHash !== undefined && ok;
  } catch {
    return false;
  }
}
