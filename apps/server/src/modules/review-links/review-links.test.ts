import {
  GUEST_HEADER,
  LIMITS,
  MESSAGES,
  RATE_LIMITS,
  type ReviewLinkMakeBody,
  type ReviewOpenBody,
} from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { addChapter, approveNames } from '../../test/chapter-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { approvedChapter, type Production } from '../../test/workflow-test-helpers.js';
import { reviewLinks } from './review-links.table.js';

const ja = MESSAGES.ja;
const RATE_LIMITS_PAIR = RATE_LIMITS.reviewPasswordFailuresPerClientAndLink.max;
const RATE_LIMITS_GUESS = RATE_LIMITS.reviewLinkGuessesPerIp.max;
let t: TestApp;
let p: Production;
/** A second chapter of the same project: no link of the first reaches it. */
let otherChapterId: number;
let otherPageId: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 3);
  otherChapterId = await addChapter(t, p.founder, p.projectId, { page: '1' });
  await approveNames(t, p, otherChapterId);
  const pages = await call(
    t,
    contract.pages.list,
    { projectId: p.projectId, chapterId: otherChapterId },
    p.founder.token,
  );
  otherPageId = pages.body.data.list[0]?.id as number;
});
afterAll(() => t.close());

const chapter = () => ({ projectId: p.projectId, chapterId: p.chapterId });

async function make(extra: Partial<ReviewLinkMakeBody> = {}, token = p.editor.token) {
  const res = await call(t, contract.reviewLinks.make, { ...chapter(), ...extra }, token);
  expect(res.http, res.body.info).toBe(200);
  const token_ = new URL(res.body.data.url).hash.slice(1);
  return { id: res.body.data.id, token: token_, url: res.body.data.url };
}

function open(input: Partial<ReviewOpenBody> & { token: string }, from = '127.0.0.1', app = t) {
  return app.app
    .inject({
      method: 'POST',
      url: contract.review.open.path,
      payload: { name: '山田 花子', ...input },
      remoteAddress: from,
    })
    .then((res) => ({ http: res.statusCode, body: res.json() }));
}

async function guestOf(token: string, password = '') {
  const res = await open({ token, password });
  expect(res.http, res.body.info).toBe(200);
  return res.body.data.guestToken as string;
}

const pagesAs = (guestToken: string) =>
  callUnchecked(t, contract.review.pages, undefined, undefined, { [GUEST_HEADER]: guestToken });

async function listed(id: number) {
  const res = await call(t, contract.reviewLinks.list, chapter(), p.founder.token);
  return res.body.data.list.find((l) => l.id === id);
}

describe('making a review link', () => {
  it('the founder and the editorial side make one; others are refused', async () => {
    await make({}, p.founder.token);
    await make({}, p.editor.token);
    const artist = await call(t, contract.reviewLinks.make, chapter(), p.artist.token);
    expect(artist.http).toBe(403);
    const stranger = await call(t, contract.reviewLinks.make, chapter(), p.stranger.token);
    expect(stranger.http).toBe(404);
    const anonymous = await call(t, contract.reviewLinks.make, chapter());
    expect(anonymous.http).toBe(401);
  });

  it('lives a week, opens 20 times, without downloads or comments unless asked, and is listed active', async () => {
    const before = Date.now();
    const { id, url } = await make({ label: '翻訳チェック' });
    expect(url).toMatch(/\/review#[A-Za-z0-9_-]{43}$/);
    const link = await listed(id);
    expect(link).toMatchObject({
      label: '翻訳チェック',
      scope: 'chapter',
      pageNums: [1, 2, 3],
      state: 'active',
      views: 0,
      maxViews: LIMITS.reviewLinkViewsDefault,
      hasPassword: false,
      comments: false,
      downloads: false,
      createdBy: { id: p.editor.id },
    });
    const days = (Date.parse(link?.expiresAt as string) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
  });

  it('refuses an expiry past 30 days, a view cap of 0, a short password, pages of another chapter', async () => {
    const cases: [object, string][] = [
      [{ days: 31 }, ja.reviewLinkDaysInvalid],
      [{ days: 0 }, ja.reviewLinkDaysInvalid],
      [{ maxViews: 0 }, ja.reviewLinkViewsInvalid],
      [{ password: '12345' }, ja.reviewLinkPasswordTooShort],
      [{ pageIds: [otherPageId] }, ja.reviewLinkPagesInvalid],
      [{ revisionId: 999_999 }, ja.reviewLinkRevisionInvalid],
    ];
    for (const [extra, info] of cases) {
      const res = await callUnchecked(
        t,
        contract.reviewLinks.make,
        { ...chapter(), ...extra },
        p.editor.token,
      );
      expect(res.http, JSON.stringify(extra)).toBe(400);
      expect(res.body.info).toBe(info);
    }
  });
});

describe('a guest opening a link', () => {
  it('asks for the password, refuses a wrong one, and counts each open as a view', async () => {
    const { id, token } = await make({ password: 'secret-42', comments: true });
    const about = await call(t, contract.review.about, { token });
    expect(about.body.data).toEqual({ needsPassword: true, comments: true });
    const wrong = await open({ token, password: 'nope' });
    expect(wrong.http).toBe(400);
    expect(wrong.body.info).toBe(ja.reviewPasswordWrong);
    expect((await listed(id))?.views).toBe(0);
    await guestOf(token, 'secret-42');
    const link = await listed(id);
    expect(link?.views).toBe(1);
    expect(link?.guests).toEqual(['山田 花子']);
  });

  it('needs a name', async () => {
    const { token } = await make();
    const res = await open({ token, name: '   ' });
    expect(res.http).toBe(400);
    expect(res.body.info).toBe(ja.reviewGuestNameRequired);
  });

  it('an unknown token is 404', async () => {
    const res = await call(t, contract.review.about, { token: 'x'.repeat(43) });
    expect(res.http).toBe(404);
  });

  it('reads the whole chapter, its pages only, without links to the originals by default', async () => {
    const guest = await guestOf((await make()).token);
    const res = await pagesAs(guest);
    expect(res.http).toBe(200);
    expect(res.body.data.guestName).toBe('山田 花子');
    expect(res.body.data.pages.map((page) => page.id)).toEqual(p.pageIds);
    expect(res.body.data.pages.map((page) => page.id)).not.toContain(otherPageId);
    const revisions = res.body.data.pages.flatMap((page) => page.revisions);
    expect(revisions.length).toBeGreaterThan(0);
    expect(revisions.every((r) => r.downloadUrl === '')).toBe(true);
    // The same renditions members get: signed links to the rendition folder.
    expect(revisions.every((r) => r.renditions.uploadId === r.id)).toBe(true);
  });

  it('the guest’s pictures carry her watermark code; downloads allowed hand out her watermarked preview', async () => {
    await t.settleJobs(60_000); // the pages' renditions
    const guest = await guestOf((await make({ downloads: true })).token);
    const revisions = (await pagesAs(guest)).body.data.pages.flatMap((page) => page.revisions);
    expect(revisions.length).toBeGreaterThan(0);
    for (const r of revisions) {
      expect(r.renditions.preview).toMatch(/\/w\.[2-9A-Z]{6}\//);
      expect(r.downloadUrl).toBe(`${r.renditions.preview}?download=1`);
    }
    // A picture she is served is in the access record under her name and her link.
    const first = revisions[0] as (typeof revisions)[number];
    const served = await t.app.inject({
      method: 'GET',
      url: first.renditions.preview,
      remoteAddress: '203.0.113.9',
    });
    expect(served.statusCode).toBe(200);
    const record = await call(
      t,
      contract.accessRecord.list,
      { projectId: p.projectId, kind: 'preview' },
      p.editor.token,
    );
    expect(record.body.data.list).toContainEqual(
      expect.objectContaining({ userId: null, guestName: '山田 花子', reviewLinkId: expect.any(Number) }),
    );
  });

  it('a link to chosen pages, or to one revision, shows only those', async () => {
    const second = p.pageIds[1] as number;
    const pagesLink = await guestOf((await make({ pageIds: [second] })).token);
    const shown = (await pagesAs(pagesLink)).body.data.pages;
    expect(shown.map((page) => page.id)).toEqual([second]);
    const revisionId = shown[0]?.revisions[0]?.id as number;
    const revisionLink = await make({ revisionId });
    expect((await listed(revisionLink.id))?.pageNums).toEqual([2]);
    const one = (await pagesAs(await guestOf(revisionLink.token))).body.data.pages;
    expect(one.map((page) => [page.id, page.revisions.map((r) => r.id)])).toEqual([[second, [revisionId]]]);
  });
});

describe('a guest token reaches nothing else', () => {
  it('is no session: member calls answer 401 with it in either header', async () => {
    const guest = await guestOf((await make()).token);
    const asSession = await call(t, contract.workflow.viewer, chapter(), guest);
    expect(asSession.http).toBe(401);
    const inGuestHeader = await callUnchecked(t, contract.workflow.viewer, chapter(), undefined, {
      [GUEST_HEADER]: guest,
    });
    expect(inGuestHeader.http).toBe(401);
    const links = await callUnchecked(t, contract.reviewLinks.list, chapter(), guest, {
      [GUEST_HEADER]: guest,
    });
    expect(links.http).toBe(401);
  });

  it('a session is no guest: guest calls answer 401 without a guest token', async () => {
    expect((await call(t, contract.review.pages, undefined, p.founder.token)).http).toBe(401);
    expect((await pagesAs('not-a-guest-token')).http).toBe(401);
  });
});

describe('the view cap, expiry and revocation', () => {
  it('a used-up link opens no more, while its guests keep reading', async () => {
    const { id, token } = await make({ maxViews: 2 });
    const first = await guestOf(token);
    await guestOf(token);
    const third = await open({ token });
    expect(third.http).toBe(403);
    expect(third.body.info).toBe(ja.reviewLinkUsedUp);
    expect((await listed(id))?.state).toBe('usedUp');
    expect((await pagesAs(first)).http).toBe(200);
  });

  it('an expired link is refused to new guests and to the ones who opened it', async () => {
    const { id, token } = await make();
    const guest = await guestOf(token);
    await t.app.deps.db
      .update(reviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewLinks.id, id));
    const about = await call(t, contract.review.about, { token });
    expect(about.http).toBe(403);
    expect(about.body.info).toBe(ja.reviewLinkExpired);
    const read = await pagesAs(guest);
    expect(read.http).toBe(403);
    expect(read.body.info).toBe(ja.reviewLinkClosed);
    expect((await listed(id))?.state).toBe('expired');
  });

  it("a revoked link refuses its guest's next request and any new open; revoking twice is 409", async () => {
    const { id, token } = await make();
    const guest = await guestOf(token);
    expect((await pagesAs(guest)).http).toBe(200);
    const revoke = await call(t, contract.reviewLinks.revoke, { ...chapter(), linkId: id }, p.editor.token);
    expect(revoke.http).toBe(200);
    expect(revoke.body.info).toBe(ja.reviewLinkRevoked);
    const read = await pagesAs(guest);
    expect(read.http).toBe(403);
    expect(read.body.info).toBe(ja.reviewLinkClosed);
    const reopen = await open({ token });
    expect(reopen.http).toBe(403);
    expect(reopen.body.info).toBe(ja.reviewLinkWasRevoked);
    expect((await listed(id))?.state).toBe('revoked');
    const again = await call(t, contract.reviewLinks.revoke, { ...chapter(), linkId: id }, p.editor.token);
    expect(again.http).toBe(409);
    // A link of this chapter named with the other chapter: not found there.
    const elsewhere = await call(
      t,
      contract.reviewLinks.revoke,
      { projectId: p.projectId, chapterId: otherChapterId, linkId: id },
      p.editor.token,
    );
    expect(elsewhere.http).toBe(404);
  });

  it("revoking all of a chapter's links closes every open one, and only that chapter's", async () => {
    const mine = [await make(), await make()];
    const other = await call(
      t,
      contract.reviewLinks.make,
      { projectId: p.projectId, chapterId: otherChapterId },
      p.editor.token,
    );
    const res = await call(t, contract.reviewLinks.revokeAll, chapter(), p.founder.token);
    expect(res.http).toBe(200);
    expect(res.body.data.revoked).toBeGreaterThanOrEqual(2);
    for (const link of mine) expect((await listed(link.id))?.state).toBe('revoked');
    const others = await call(
      t,
      contract.reviewLinks.list,
      { projectId: p.projectId, chapterId: otherChapterId },
      p.founder.token,
    );
    expect(others.body.data.list.find((l) => l.id === other.body.data.id)?.state).toBe('active');
    // Nothing left to revoke.
    expect(
      (await call(t, contract.reviewLinks.revokeAll, chapter(), p.founder.token)).body.data.revoked,
    ).toBe(0);
  });

  it("the list is the founder's and the editorial side's only", async () => {
    expect((await call(t, contract.reviewLinks.list, chapter(), p.artist.token)).http).toBe(403);
    expect((await call(t, contract.reviewLinks.list, chapter(), p.stranger.token)).http).toBe(404);
  });
});

describe('guessing and brute force (real limits)', () => {
  let limited: TestApp;
  let q: Production;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitMultiplier: 1 });
    q = await approvedChapter(limited, 1);
  });
  afterAll(() => limited.close());

  it('wrong passwords lock that client out of the link, even with the right one; another client opens it', async () => {
    const made = await call(
      limited,
      contract.reviewLinks.make,
      { projectId: q.projectId, chapterId: q.chapterId, password: 'right-one' },
      q.editor.token,
    );
    const token = new URL(made.body.data.url).hash.slice(1);
    const max = RATE_LIMITS_PAIR;
    for (let i = 0; i < max; i += 1) {
      const res = await open({ token, password: `wrong-${i}` }, '10.1.0.1', limited);
      expect(res.http).toBe(400);
    }
    const locked = await open({ token, password: 'right-one' }, '10.1.0.1', limited);
    expect(locked.http).toBe(429);
    expect(locked.body.info).toBe(ja.reviewPasswordLocked);
    const elsewhere = await open({ token, password: 'right-one' }, '10.2.0.1', limited);
    expect(elsewhere.http).toBe(200);
  });

  it('a client guessing tokens is refused after the limit, even with a real one', async () => {
    const made = await call(
      limited,
      contract.reviewLinks.make,
      { projectId: q.projectId, chapterId: q.chapterId },
      q.editor.token,
    );
    const real = new URL(made.body.data.url).hash.slice(1);
    for (let i = 0; i < RATE_LIMITS_GUESS; i += 1) {
      const res = await open({ token: `guess-${i}` }, '10.3.0.1', limited);
      expect(res.http).toBe(404);
    }
    const refused = await open({ token: real }, '10.3.0.1', limited);
    expect(refused.http).toBe(429);
    expect(refused.body.info).toBe(ja.reviewGuessesLocked);
  });
});
