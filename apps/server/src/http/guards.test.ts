import { Who } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { type Person, person } from '../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createTestProject } from '../test/test-project.js';
import { applyWho } from './guards.js';
import { implement } from './implement.js';

let t: TestApp;
let founder: Person;
let artist: Person;
let editor: Person;
let stranger: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  founder = await person(t, 'creator');
  artist = await person(t, 'creator');
  editor = await person(t, 'editor');
  stranger = await person(t, 'creator');
  projectId = await createTestProject(t, founder, { members: [artist], editor });
});
afterAll(async () => {
  await t.close();
});

/** The HTTP status the guard answers, or 200 when it lets the caller through. */
async function statusOf(who: Who, caller: Person | null): Promise<number> {
  const user = caller ? { id: caller.id, nickname: caller.nickname } : null;
  try {
    await applyWho(t.app.deps.db, who, user as never, { projectId });
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.httpStatus;
    throw error;
  }
}

describe("an endpoint's who, applied before its handler", () => {
  it('lets anyone through to a public endpoint and asks a login for every other', async () => {
    expect(await statusOf(Who.PUBLIC, null)).toBe(200);
    expect(await statusOf(Who.USER, null)).toBe(401);
    expect(await statusOf(Who.MEMBER, null)).toBe(401);
    expect(await statusOf(Who.USER, stranger)).toBe(200);
  });

  it('hides a project from strangers (404) and refuses members without the role (403)', async () => {
    const table: [Who, Person, number][] = [
      [Who.MEMBER, founder, 200],
      [Who.MEMBER, artist, 200],
      [Who.MEMBER, editor, 200],
      [Who.MEMBER, stranger, 404],
      [Who.FOUNDER, founder, 200],
      [Who.FOUNDER, artist, 403],
      [Who.FOUNDER, editor, 403],
      [Who.FOUNDER, stranger, 404],
      [Who.EDITOR_IN_CHARGE, editor, 200],
      [Who.EDITOR_IN_CHARGE, founder, 403],
      [Who.EDITOR_IN_CHARGE, stranger, 404],
    ];
    for (const [who, caller, status] of table)
      expect([who, caller.id, await statusOf(who, caller)]).toEqual([who, caller.id, status]);
  });

  it('finds the project under an older field name where the endpoint names one', async () => {
    const asFounder = { id: founder.id, nickname: founder.nickname } as never;
    const asArtist = { id: artist.id, nickname: artist.nickname } as never;
    const db = t.app.deps.db;
    expect((await applyWho(db, Who.FOUNDER, asFounder, { proId: projectId }, 'proId'))?.projectId).toBe(
      projectId,
    );
    await expect(applyWho(db, Who.FOUNDER, asArtist, { proId: projectId }, 'proId')).rejects.toMatchObject({
      httpStatus: 403,
    });
  });

  it('refuses to register a project-role endpoint whose input names no project', () => {
    const noProject = {
      method: 'POST',
      path: '/api/x',
      input: z.object({ chapterId: z.number() }),
      reply: z.null(),
      who: Who.MEMBER,
      summary: 'x',
    } as const;
    expect(() => implement({} as FastifyInstance, 'x', { noProject }, { noProject: () => null })).toThrow(
      /needs projectId/,
    );
  });
});
