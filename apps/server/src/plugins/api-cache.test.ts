import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../test/accounts-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('caching of API answers', () => {
  it('lets no cache keep a personal answer, a refusal or an unknown path', async () => {
    const { token } = await signUpAndLogin(t);
    const own = await t.app.inject({ method: 'GET', url: contract.profiles.me.path, headers: { token } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: contract.profiles.me.path });
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/no/such/call', payload: {} });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});
