import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health and readiness', () => {
  it('answers liveness and readiness without a login', async () => {
    expect((await call(t, contract.health.live, undefined)).http).toBe(200);
    const ready = await call(t, contract.health.ready, undefined);
    expect(ready.http).toBe(200);
    expect(ready.body.data).toEqual({ database: 'ok', storage: 'ok' });
  });

  it('says 503 when the storage cannot be reached', async () => {
    const storage = t.app.deps.storage;
    const broken = { ...storage, stat: () => Promise.reject(new Error('connection refused')) };
    t.app.deps.storage = broken;
    try {
      const res = await call(t, contract.health.ready, undefined);
      expect(res.http).toBe(503);
      expect(res.body.data).toEqual({ database: 'ok', storage: 'unreachable' });
    } finally {
      t.app.deps.storage = storage;
    }
  });
});
