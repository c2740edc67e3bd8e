import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ database: 'ok', storage: 'ok' });
  });

  it('says 503 when the storage cannot be reached', async () => {
    const storage = t.app.deps.storage;
    const broken = { ...storage, stat: () => Promise.reject(new Error('connection refused')) };
    t.app.deps.storage = broken;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toEqual({ database: 'ok', storage: 'unreachable' });
    } finally {
      t.app.deps.storage = storage;
    }
  });
});
