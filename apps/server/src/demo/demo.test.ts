import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/passwords.js';
import { get, post } from '../test/accounts-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_PASSWORD, seedDemoPeople } from './demo-people.js';
import { seedDemoProject } from './demo-project.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('npm run demo', () => {
  it('gives a newcomer logins and a project to click through, and can run twice', async () => {
    const { ids } = await seedDemoPeople(t.app.deps.db, await hashPassword(DEMO_PASSWORD));
    expect(await seedDemoProject(t.app.deps, ids)).toBe(true);
    expect(await seedDemoProject(t.app.deps, ids)).toBe(false);
    const login = await post(t, '/api/user/login', {
      username: 'sakura@demo.koma.example',
      password: DEMO_PASSWORD,
    });
    const token = login.body.data.token;
    const mine = await post(t, '/api/project/searchProject', { type: 1 }, token);
    const projectId = mine.body.data.goon[0].proId;
    const detail = await get(t, `/api/project/projectDetail?proId=${projectId}`, token);
    expect(detail.body.data.users.map((u: any) => u.userName)).toEqual(
      expect.arrayContaining(['桜井 さくら', '高橋 陽翔', '田中 誠（編集）']),
    );
    expect((await post(t, '/api/todo/getList', { type: 12 }, token)).body.data.total).toBe(1);
    expect((await post(t, '/api/chapter/getList', { projectId }, token)).body.data.list).toHaveLength(1);
    expect((await post(t, '/api/messageBoard/getList', { projectId }, token)).body.data.total).toBe(2);
  });
});
