import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { person } from '../../test/people-fixtures.js';
import { createProject, recruit } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the applicants to-do (type 12)', () => {
  it('tells each application apart: who applied, to which position, when', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator', { nickname: '作画の応募者' });
    const writer = await person(t, 'creator', { nickname: 'ネームの応募者' });
    const projectId = await createProject(t, founder, { title: '応募の多い作品' });
    await recruit(t, founder, projectId, [2, 3]);
    const before = Date.now();
    for (const [who, posId] of [
      [artist, 2],
      [writer, 3],
    ] as const)
      expect((await call(t, contract.recruitment.apply, { kind: 1, projectId, posId }, who.token)).http).toBe(
        200,
      );

    const todo = await call(t, contract.dashboard.todoList, { type: 12 }, founder.token);
    const { list } = todo.body.data;
    expect(list).toEqual([
      expect.objectContaining({
        projectid: projectId,
        application: {
          user: { id: writer.id, nickname: 'ネームの応募者' },
          pos_id: 3,
          position: 'ネーム',
          create_time: expect.any(String),
        },
      }),
      expect.objectContaining({
        projectid: projectId,
        application: {
          user: { id: artist.id, nickname: '作画の応募者' },
          pos_id: 2,
          position: 'メイン作画',
          create_time: expect.any(String),
        },
      }),
    ]);
    for (const item of list)
      expect(Date.parse(item.application?.create_time ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });
});
