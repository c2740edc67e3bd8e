import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { creatorBody, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { HASHES_AT_ONCE, hashingTurns } from './passwords.js';

/** argon2's hash and verify calls in flight (the most ever in `peak`), each held while `gate` is pending. */
const argon2Calls = vi.hoisted(() => ({ inFlight: 0, peak: 0, gate: Promise.resolve() }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      argon2Calls.inFlight += 1;
      argon2Calls.peak = Math.max(argon2Calls.peak, argon2Calls.inFlight);
      try {
        await argon2Calls.gate;
        return await run(...args);
      } finally {
        argon2Calls.inFlight -= 1;
      }
    };
  return { ...argon2, hash: counted(argon2.hash), verify: counted(argon2.verify) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('hashes at most one password per core at once: the other logins and sign-ups wait their turn, then all succeed', async () => {
  const { body } = await signUpAndLogin(t);
  const right = { username: body.email, password: body.password };
  let open = () => {};
  argon2Calls.gate = new Promise((resolve) => {
    open = resolve;
  });
  argon2Calls.peak = 0;

  const logins = Array.from({ length: 3 * HASHES_AT_ONCE + 2 }, () =>
    call(t, contract.accounts.login, right),
  );
  const signUps = Array.from({ length: HASHES_AT_ONCE }, () =>
    call(t, contract.accounts.register, creatorBody()),
  );
  const all = [...logins, ...signUps];
  // Once every request has come to its hash: running, or waiting its turn.
  await vi.waitFor(() => expect(argon2Calls.inFlight + hashingTurns.waiting).toBe(all.length), {
    timeout: 30_000,
  });
  expect(argon2Calls.inFlight).toBe(HASHES_AT_ONCE);

  open();
  expect((await Promise.all(all)).map((res) => res.http)).toEqual(all.map(() => 200));
  expect(argon2Calls.peak).toBe(HASHES_AT_ONCE);
  expect(hashingTurns.waiting).toBe(0);
}, 60_000);
