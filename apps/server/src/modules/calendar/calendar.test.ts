import { ChapterStatus, POSITIONS, referenceName, StepStatus } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { removeMember } from '../../test/authorization-world.js';
import { addChapter, approveNames, productionTeam } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { joinChapter } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { approvedChapter, type Production, standardPlan } from '../../test/workflow-test-helpers.js';
import { chapters } from '../chapters/chapters.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';

/** One event of a parsed feed: what a calendar service would show. */
interface FeedEvent {
  uid: string;
  summary: string;
  day: string;
  allDay: boolean;
  description: string;
}

let t: TestApp;
let p: Production;
let other: Production;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 2);
  await standardPlan(t, p);
  other = await approvedChapter(t, 1);
  await standardPlan(t, other);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function makeFeed(who: Person, lang: 'ja' | 'zh' | 'en' = 'ja'): Promise<string> {
  const res = await call(t, contract.calendar.make, { lang }, who.token);
  expect(res.http).toBe(200);
  return res.body.data.url;
}

/** Fetches a feed URL as a calendar service would: no session, the URL alone. */
async function fetchFeed(url: string) {
  const { pathname, search } = new URL(url);
  return t.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

/** The feed parsed by ical.js (a full RFC 5545 parser), so a malformed text fails here. */
async function eventsOf(url: string): Promise<{ name: string; events: FeedEvent[] }> {
  const res = await fetchFeed(url);
  expect(res.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      day: e.startDate.toString(),
      allDay: e.startDate.isDate,
      description: e.description,
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

/** The steps of the chapter with their due days and owners, as the schedule screen has them. */
async function scheduledSteps(team: Production) {
  const res = await call(
    t,
    contract.schedule.chapter,
    { projectId: team.projectId, chapterId: team.chapterId },
    team.founder.token,
  );
  return res.body.data.pages.flatMap((page) => page.steps.map((s) => ({ ...s, num: page.num })));
}

async function chapterDays(team: Production) {
  const res = await call(
    t,
    contract.chapters.detail,
    { projectId: team.projectId, chapterId: team.chapterId },
    team.founder.token,
  );
  return res.body.data as unknown as { scriptAt: string; checkAt: string };
}

const sorted = (uids: string[]) => [...uids].sort();

describe('the calendar feed', () => {
  it('holds the owner’s step due days and the deadlines of their chapters, and nothing else', async () => {
    const url = await makeFeed(p.artist);
    const { name, events } = await eventsOf(url);
    expect(name).toBe('Koma の期日');
    const steps = (await scheduledSteps(p)).filter((s) => s.owner_user_id === p.artist.id);
    expect(steps.length).toBe(2);
    // The storyboard is approved: its deadline is met and gone; the check day is still ahead.
    const checkUid = `chapter-${p.chapterId}-check@koma`;
    expect(sorted(events.map((e) => e.uid))).toEqual(
      sorted([...steps.map((s) => `step-${s.step_id}@koma`), checkUid]),
    );
    for (const s of steps) {
      const event = events.find((e) => e.uid === `step-${s.step_id}@koma`);
      expect(event).toMatchObject({
        day: s.due_on,
        allDay: true,
        summary: `「月の庭」第1話 はじまり ${s.num}ページ ${referenceName(POSITIONS, 2, 'ja')} 期日`,
      });
      expect(event?.description).toContain(
        `${t.config.publicUrl}/chapter/details?projectId=${p.projectId}&chapterId=${p.chapterId}&pageId=`,
      );
    }
    const days = await chapterDays(p);
    expect(events.find((e) => e.uid === checkUid)).toMatchObject({
      day: days.checkAt,
      summary: '「月の庭」第1話 はじまり 校了締め切り',
    });
  });

  it('is served as private UTF-8 iCalendar with a refresh hint', async () => {
    const res = await fetchFeed(await makeFeed(p.assistant));
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(String(res.headers['cache-control'])).toMatch(/^private/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(lines).toContain('X-PUBLISHED-TTL:PT1H');
    expect(
      lines.filter((l) => l.startsWith('DTSTART')).every((l) => /^DTSTART;VALUE=DATE:\d{8}$/.test(l)),
    ).toBe(true);
    // The bytes are UTF-8: the Japanese survives a decode of the raw payload.
    expect(new TextDecoder('utf-8', { fatal: true }).decode(res.rawPayload)).toContain('背景デザイン');
  });

  it('gives the founder and the editor their chapters’ deadlines without anyone’s steps', async () => {
    for (const who of [p.founder, p.editor]) {
      const { events } = await eventsOf(await makeFeed(who));
      expect(events.map((e) => e.uid)).toEqual([`chapter-${p.chapterId}-check@koma`]);
    }
  });

  it('holds a storyboard’s deadline until the storyboard is approved', async () => {
    const team = await productionTeam(t);
    const chapterId = await addChapter(t, team.founder, team.projectId, { page: '1' });
    const url = await makeFeed(team.founder);
    const both = sorted([`chapter-${chapterId}-script@koma`, `chapter-${chapterId}-check@koma`]);
    expect(sorted((await eventsOf(url)).events.map((e) => e.uid))).toEqual(both);
    await approveNames(t, team, chapterId);
    expect((await eventsOf(url)).events.map((e) => e.uid)).toEqual([`chapter-${chapterId}-check@koma`]);
  });

  it('gives a member recruited for one chapter that chapter’s deadlines, not the others’', async () => {
    const team = await productionTeam(t);
    const mine = await addChapter(t, team.founder, team.projectId, { page: '1' });
    const others = await addChapter(t, team.founder, team.projectId, { page: '1' });
    const helper = await person(t, 'creator', { positions: [6] });
    await joinChapter(t, team.founder, helper, { projectId: team.projectId, chapterId: mine });
    const { events } = await eventsOf(await makeFeed(helper));
    expect(sorted(events.map((e) => e.uid))).toEqual(
      sorted([`chapter-${mine}-script@koma`, `chapter-${mine}-check@koma`]),
    );
    // The project-wide members have both chapters.
    const artist = await eventsOf(await makeFeed(team.artist));
    expect(artist.events.map((e) => e.uid)).toContain(`chapter-${others}-check@koma`);
  });

  it('is written in the language chosen when the URL was made', async () => {
    const { name, events } = await eventsOf(await makeFeed(other.artist, 'en'));
    expect(name).toBe('Koma due days');
    expect(events.map((e) => e.summary)).toContain('“月の庭” 第1話 はじまり final check deadline');
  });

  it('answers 404 to a wrong or missing token', async () => {
    const url = new URL(await makeFeed(other.founder));
    const wrong = await t.app.inject({ method: 'GET', url: `${url.pathname}?token=not-a-token` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['content-type']).toMatch(/json/);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
  });

  it('stops the old URL when a new one is made', async () => {
    const first = await makeFeed(other.editor);
    expect((await fetchFeed(first)).statusCode).toBe(200);
    const second = await makeFeed(other.editor);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
  });

  it('stops when revoked, and its status follows', async () => {
    const who = other.assistant;
    const url = await makeFeed(who, 'zh');
    const on = await call(t, contract.calendar.status, undefined, who.token);
    expect(on.body.data).toMatchObject({ exists: true, lang: 'zh' });
    const stopped = await call(t, contract.calendar.stop, undefined, who.token);
    expect(stopped.http).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    const off = await call(t, contract.calendar.status, undefined, who.token);
    expect(off.body.data).toEqual({ exists: false, lang: null, create_time: null });
  });

  it('no longer shows a project’s chapters or steps once the user is removed from it', async () => {
    const team = await approvedChapter(t, 1);
    await standardPlan(t, team);
    const url = await makeFeed(team.artist);
    expect((await eventsOf(url)).events.length).toBe(2);
    await removeMember(t, team.projectId, team.artist.id);
    expect((await eventsOf(url)).events).toEqual([]);
  });

  it('leaves out approved steps and finished chapters', async () => {
    const team = await approvedChapter(t, 1);
    await standardPlan(t, team);
    const url = await makeFeed(team.artist);
    const [step] = (await scheduledSteps(team)).filter((s) => s.owner_user_id === team.artist.id);
    // Set straight in the tables: how a step gets approved or a chapter finished is not the feed's concern.
    const db = t.app.deps.db;
    await db
      .update(workflowSteps)
      .set({ status: StepStatus.DONE })
      .where(eq(workflowSteps.id, step?.step_id ?? 0));
    expect((await eventsOf(url)).events.map((e) => e.uid)).toEqual([`chapter-${team.chapterId}-check@koma`]);
    await db.update(chapters).set({ status: ChapterStatus.FINISHED }).where(eq(chapters.id, team.chapterId));
    expect((await eventsOf(url)).events).toEqual([]);
  });
});
