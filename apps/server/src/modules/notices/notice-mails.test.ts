import { MailMode, NOTICE_MAIL_DEFAULTS, NoticeKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { createMailer, type Mailer } from '../../infra/mailer.js';
import { call, callUnchecked } from '../../test/api.js';
import { type Account, account, befriend, pendingPairing } from '../../test/authorization-world.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { approvalTeam, handedInStep } from '../../test/workflow-test-helpers.js';
import { users } from '../accounts/accounts.table.js';
import { createNoticeMailService } from './notice-mail.service.js';
import { noticeTarget, type PendingNotice, storeNotices } from './notices.service.js';

/**
 * Notices by mail (docs/notices.md, "By mail") against a real SMTP server: at once, off, the
 * settings, the one-click unsubscribe, the daily digest, and a server refusing for a while.
 */

let t: TestApp;
let sink: SmtpSink;
let smtp: Mailer;

beforeAll(async () => {
  sink = await startSmtpSink();
  // Every mail goes through the app's SMTP mailer to the sink (and is recorded too, for sign-up).
  smtp = createMailer(testConfig({ smtpUrl: sink.url }), Fastify({ logger: false }).log);
  t = await createTestApp({ jobRetryDelayScale: 0 }, { beforeSend: (mail) => smtp.send(mail) });
});

afterAll(async () => {
  await t?.close();
  smtp?.close?.();
  await sink?.close();
});

/** The mails `who` received after everything stored so far was sent, account mails left out. */
async function noticeMailsTo(who: Account): Promise<ReceivedMail[]> {
  await t.settleJobs();
  return sink.mails.filter((m) => m.to.includes(who.email) && m.headers.has('list-unsubscribe'));
}

async function settingsOf(who: Account) {
  return (await call(t, contract.notices.mailSettings, undefined, who.token)).body.data;
}

async function save(who: Account, change: Record<string, unknown>) {
  const current = await settingsOf(who);
  return callUnchecked(t, contract.notices.saveMailSettings, { ...current, ...change }, who.token);
}

/** The path of the mail's `List-Unsubscribe` link, as a mail provider would request it. */
function unsubscribePathOf(mail: ReceivedMail): string {
  const header = mail.headers.get('list-unsubscribe') as string;
  expect(header).toMatch(/^<.+>$/);
  return header.slice(1, -1).slice(t.config.publicUrl.length);
}

function oneClick(url: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

describe('a notice mailed at once', () => {
  let editor: Account;
  let mail: ReceivedMail;

  beforeAll(async () => {
    editor = await account(t, 'editor');
    expect((await save(editor, { lang: 'en' })).http).toBe(200);
    await pendingPairing(t, editor);
    const mails = await noticeMailsTo(editor);
    expect(mails).toHaveLength(1);
    mail = mails[0] as ReceivedMail;
  });

  it("arrives once, in the reader's language, saying what happened and linking to it", async () => {
    expect(mail.subject).toMatch(/^\[Koma\] .+ sent you a matching request$/);
    expect(mail.text).toContain('sent you a matching request');
    expect(mail.text).toContain(`${t.config.publicUrl}/dashboard`);
    expect(mail.text).toContain(`${t.config.publicUrl}/personalInfo/personalInfo#mail-settings`);
    expect(mail.html).toContain('sent you a matching request');
    expect(mail.html).toContain(`href="${t.config.publicUrl}/dashboard"`);
    // Nothing more once the jobs are all done.
    expect(await noticeMailsTo(editor)).toHaveLength(1);
  });

  it('carries a one-click unsubscribe (RFC 8058)', () => {
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${t.config.publicUrl}${contract.notices.unsubscribe.path}\\?token=[^>]+>$`),
    );
  });

  it('the unsubscribe POST turns that kind off without a session; a bad token is refused', async () => {
    const path = unsubscribePathOf(mail);
    const forged = path.replace(/token=([^&]+)/, (_, token: string) => `token=${token.slice(0, -2)}AA`);
    expect((await oneClick(forged)).statusCode).toBe(404);
    expect((await settingsOf(editor)).kinds.pairing_received).toBe('now');
    const res = await oneClick(path);
    expect(res.statusCode).toBe(200);
    const after = await settingsOf(editor);
    expect(after.kinds.pairing_received).toBe('off');
    expect(after.lang).toBe('en');
    await pendingPairing(t, editor);
    expect(await noticeMailsTo(editor)).toHaveLength(1);
  });
});

describe('settings', () => {
  it('a kind set off sends nothing', async () => {
    const editor = await account(t, 'editor');
    expect((await save(editor, { kinds: { pairing_received: 'off' } })).http).toBe(200);
    await pendingPairing(t, editor);
    expect(await noticeMailsTo(editor)).toHaveLength(0);
  });

  it('the defaults are replied until saved; bad zones and hours change nothing', async () => {
    const who = await account(t, 'creator');
    const before = await settingsOf(who);
    expect(before).toMatchObject({ lang: 'ja', timeZone: 'Asia/Tokyo', digestHour: 8 });
    expect(before.kinds.work_rejected).toBe('now');
    expect(before.kinds.board_post).toBe('digest');
    for (const bad of [
      { timeZone: 'Mars/Olympus' },
      { digestHour: 24 },
      { digestHour: -1 },
      { digestHour: 1.5 },
    ]) {
      const res = await save(who, { ...bad, lang: 'zh' });
      expect(res.http, JSON.stringify(bad)).toBe(400);
    }
    expect(await settingsOf(who)).toEqual(before);
    expect((await save(who, { timeZone: 'America/New_York', digestHour: 0 })).http).toBe(200);
    expect(await settingsOf(who)).toMatchObject({ timeZone: 'America/New_York', digestHour: 0 });
  });
});

describe('the daily digest', () => {
  it('collects many notices into one mail; a second run sends nothing', async () => {
    const reader = await account(t, 'creator');
    const later = await account(t, 'creator');
    // 08:00 in Tokyo (the default hour); `later` picks 9.
    expect((await save(later, { digestHour: 9 })).http).toBe(200);
    const at = new Date('2026-03-01T23:00:00.000Z');
    const pending: PendingNotice[] = [];
    for (let i = 0; i < 60; i++) {
      const project = i % 2 === 0 ? 'Alpha <b>&' : 'Beta';
      for (const userId of [reader.id, later.id])
        pending.push({
          userId,
          kind: NoticeKind.BOARD_POST,
          params: { project, nickname: `poster${i}` },
          target: noticeTarget.board(1000 + (i % 2)),
        });
    }
    await t.app.deps.db.transaction((tx) => storeNotices(t.app.deps, tx, pending));
    const mails = createNoticeMailService(t.app.deps);
    expect(await mails.runDigest(t.app.deps.jobs, at)).toBe(1);
    const got = await noticeMailsTo(reader);
    expect(got).toHaveLength(1);
    const digest = got[0] as ReceivedMail;
    expect(digest.subject).toBe('【Koma】お知らせのまとめ（60件）');
    expect(digest.text).toContain('■ Alpha <b>&');
    expect(digest.text).toContain('■ Beta');
    expect(digest.text).toContain('ほか10件のお知らせ');
    // Newest first: the last post comes before the first.
    expect(digest.text.indexOf('poster59')).toBeLessThan(digest.text.indexOf('poster58'));
    expect(digest.html).toContain('<h3>Alpha &lt;b&gt;&amp;</h3>');
    expect(digest.html).not.toContain('<b>&');
    expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await noticeMailsTo(later)).toHaveLength(0);

    expect(await mails.runDigest(t.app.deps.jobs, at)).toBe(0);
    expect(await noticeMailsTo(reader)).toHaveLength(1);
    // An hour later it is `later`'s turn, once.
    const nextHour = new Date(at.getTime() + 3_600_000);
    expect(await mails.runDigest(t.app.deps.jobs, nextHour)).toBe(1);
    expect(await mails.runDigest(t.app.deps.jobs, nextHour)).toBe(0);
    expect(await noticeMailsTo(later)).toHaveLength(1);
  });
});

describe("the digest's one-click unsubscribe", () => {
  it('stops every kind the reader gets in digests, and no digest comes after it', async () => {
    const reader = await account(t, 'creator');
    // friend_agreed waits for the digest (NOTICE_MAIL_DEFAULTS).
    await befriend(t, reader, await account(t, 'creator'));
    const mails = createNoticeMailService(t.app.deps);
    // 08:00 in Tokyo, the default hour.
    expect(await mails.runDigest(t.app.deps.jobs, new Date('2026-03-05T23:00:00.000Z'))).toBe(1);
    const got = await noticeMailsTo(reader);
    expect(got.map((m) => m.subject)).toEqual(['【Koma】お知らせのまとめ（1件）']);
    const digest = got[0] as ReceivedMail;
    expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const path = unsubscribePathOf(digest);

    // A browser opening the link (a mail client without RFC 8058, a link preview) changes nothing.
    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(404);
    expect(opened.json()).toMatchObject({ status: 404, data: null });
    expect((await settingsOf(reader)).kinds.friend_agreed).toBe(MailMode.DIGEST);

    expect((await oneClick(path)).statusCode).toBe(200);
    const after = (await settingsOf(reader)).kinds;
    for (const [kind, mode] of Object.entries(NOTICE_MAIL_DEFAULTS))
      expect(after[kind as NoticeKind], kind).toBe(mode === MailMode.DIGEST ? MailMode.OFF : mode);
    // A second click (mail providers retry) is answered the same.
    expect((await oneClick(path)).statusCode).toBe(200);

    await befriend(t, reader, await account(t, 'creator'));
    expect(await mails.runDigest(t.app.deps.jobs, new Date('2026-03-06T23:00:00.000Z'))).toBe(0);
    expect(await noticeMailsTo(reader)).toHaveLength(1);
  });
});

describe('an SMTP server in trouble', () => {
  it('a digest it refused is sent on the retry; the readers it took get theirs once', async () => {
    const readers = [await account(t, 'creator'), await account(t, 'creator'), await account(t, 'editor')];
    const pending: PendingNotice[] = readers.map((r, i) => ({
      userId: r.id,
      kind: NoticeKind.BOARD_POST,
      params: { project: 'Gamma', nickname: `poster${i}` },
      target: noticeTarget.board(2000),
    }));
    await t.app.deps.db.transaction((tx) => storeNotices(t.app.deps, tx, pending));
    await t.settleJobs();
    const refusedBefore = sink.refused();
    sink.refuseNext(1);
    const mails = createNoticeMailService(t.app.deps);
    expect(await mails.runDigest(t.app.deps.jobs, new Date('2026-03-02T23:00:00.000Z'))).toBe(3);
    for (const r of readers) {
      const got = await noticeMailsTo(r);
      expect(got.map((m) => m.subject)).toEqual(['【Koma】お知らせのまとめ（1件）']);
    }
    expect(sink.refused() - refusedBefore).toBe(1);
  });

  it('the mail goes out once it recovers, exactly once', async () => {
    const editor = await account(t, 'editor');
    await t.settleJobs();
    sink.refuseNext(2);
    const refusedBefore = sink.refused();
    await pendingPairing(t, editor);
    const mails = await noticeMailsTo(editor);
    expect(sink.refused() - refusedBefore).toBe(2);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/マッチング申請が届きました$/);
  });
});

describe('a page-work notice mailed', () => {
  it('names who approved the work, in its subject and text (issue 30)', async () => {
    const team = await approvalTeam(t, 0);
    const [row] = await t.app.deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, team.assistant.id));
    const assistant = { ...team.assistant, email: row?.email as string } as Account;
    expect((await save(assistant, { lang: 'ja', kinds: { work_approved: MailMode.NOW } })).http).toBe(200);
    const step = await handedInStep(t, team, team.assistant);
    const pass = { projectId: team.projectId, workflowStepId: step.stepId };
    expect((await call(t, contract.workflow.pass, pass, team.founder.token)).http).toBe(200);

    const approved = (await noticeMailsTo(assistant)).filter((m) => m.text.includes('承認しました'));
    expect(approved).toHaveLength(1);
    const said = `${team.founder.nickname}さんが`;
    expect(approved[0]?.subject).toContain(said);
    expect(approved[0]?.text).toContain(said);
    expect(approved[0]?.text).not.toContain('承認されました');
  });
});
