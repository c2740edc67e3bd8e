import {
  AccountStatus,
  DEFAULT_DIGEST_HOUR,
  DEFAULT_MAIL_LANGUAGE,
  DEFAULT_MAIL_TIME_ZONE,
  DIGEST_MAX_ITEMS,
  LANGUAGES,
  type Language,
  MailMode,
  NOTICE_MAIL_DEFAULTS,
  NoticeKind,
  type NoticeMailSettings,
} from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { Mailer } from '../../infra/mailer.js';
import { notFound } from '../../lib/app-error.js';
import { chunks } from '../../lib/chunks.js';
import type { Deps } from '../../lib/deps.js';
import { groupBy } from '../../lib/group-by.js';
import { fileUrlSecret } from '../files/signed-url.js';
import { mailLimiterOf } from '../rate-limits/mail-limiter.js';
import * as repo from './notice-mail.repository.js';
import { digestMail, type MailedNotice, type MailReader, noticeMail } from './notice-mails.js';
import { targetOf } from './notices.service.js';
import { DIGEST_TOKEN_KIND, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

/** Readers claimed per statement of the digest run (docs/notices.md, "The daily digest"). */
export const DIGEST_BATCH = 1_000;
/**
 * Readers per `digest-mail` job: one job reads their notices in two statements and hands their
 * mails to the SMTP pool together. One job per reader spent more on the queue and the database than
 * on the mail (bench/README.md, "The daily digest").
 */
export const DIGEST_MAILS_PER_JOB = 100;

type StoredSettings = repo.StoredMailSettings | null | undefined;

/**
 * Kinds anyone may cause to a stranger (an invitation to a team): mailed at once, they count
 * against the address's mail limit (`RATE_LIMITS.mailPerEmail`, shared with the sign-up, reset
 * and invitation-link mails); over it, the notice waits for the reader's digest (docs/notices.md).
 */
const COUNTED_KINDS: ReadonlySet<string> = new Set([NoticeKind.TEAM_INVITED]);

const languageOf = (s: StoredSettings): Language =>
  LANGUAGES.find((l) => l === s?.lang) ?? DEFAULT_MAIL_LANGUAGE;

/** Every kind's mode for a reader: their own where they chose, the default elsewhere. */
function allModes(s: StoredSettings): NoticeMailSettings['kinds'] {
  const modes: NoticeMailSettings['kinds'] = { ...NOTICE_MAIL_DEFAULTS };
  for (const kind of Object.values(NoticeKind)) {
    const own = s?.kinds[kind];
    if (own) modes[kind] = own;
  }
  return modes;
}

export function createNoticeMailService(deps: Pick<Deps, 'db' | 'config' | 'limiters'>) {
  const { db, config } = deps;
  const mailLimiter = mailLimiterOf(deps);

  async function reader(userId: number, to: string, s: StoredSettings, kind: string): Promise<MailReader> {
    const token = unsubscribeToken(userId, kind, await fileUrlSecret(db));
    const unsubscribeUrl = `${config.publicUrl}${contract.notices.unsubscribe.path}?token=${encodeURIComponent(token)}`;
    return { to, lang: languageOf(s), publicUrl: config.publicUrl, unsubscribeUrl };
  }

  const mailed = (n: {
    kind: string;
    params: Record<string, string | number>;
    createdAt: Date;
    targetKind: string | null;
    targetProjectId: number | null;
    targetChapterId: number | null;
    targetPageId: number | null;
    targetUserId: number | null;
  }): MailedNotice => ({ kind: n.kind, params: n.params, createdAt: n.createdAt, target: targetOf(n) });

  return {
    async settings(userId: number): Promise<NoticeMailSettings> {
      const s = await repo.findMailSettings(db, userId);
      return {
        lang: languageOf(s),
        timeZone: s?.timeZone ?? DEFAULT_MAIL_TIME_ZONE,
        digestHour: s?.digestHour ?? DEFAULT_DIGEST_HOUR,
        kinds: allModes(s),
      };
    },

    /** Stores only the kinds whose mode differs from the default (docs/notices.md). */
    async save(userId: number, input: NoticeMailSettings): Promise<void> {
      const kinds: repo.StoredMailSettings['kinds'] = {};
      for (const kind of Object.values(NoticeKind)) {
        const mode = input.kinds[kind];
        if (mode && mode !== NOTICE_MAIL_DEFAULTS[kind]) kinds[kind] = mode;
      }
      await repo.saveMailSettings(db, userId, { ...input, kinds });
    },

    /** The one-click unsubscribe: the token's kind (or every digest kind) off for its reader. */
    async unsubscribe(token: string): Promise<void> {
      const found = verifyUnsubscribeToken(token, await fileUrlSecret(db));
      if (!found) throw notFound();
      const s = await repo.findMailSettings(db, found.userId);
      const kinds =
        found.kind === DIGEST_TOKEN_KIND
          ? Object.entries(allModes(s))
              .filter(([, mode]) => mode === MailMode.DIGEST)
              .map(([kind]) => kind)
          : [found.kind];
      // A reader deleted since the mail was sent: nothing left to stop.
      await repo.turnKindsOff(db, found.userId, kinds, languageOf(s)).catch((err: unknown) => {
        if (isForeignKeyError(err)) throw notFound();
        throw err;
      });
    },

    /**
     * The `notice-mail` job: mails one notice at once, unless it was mailed already (a repeated
     * job), its kind was turned off since, or its reader can no longer log in; a counted kind over
     * the address's limit goes to the digest. Marked mailed after SMTP took it: a crash in between
     * sends it again (docs/notices.md, "Exactly once").
     */
    async sendNoticeMail(mailer: Mailer, noticeId: number): Promise<void> {
      const row = await repo.unmailedNotice(db, noticeId);
      if (!row) return;
      const { notice, settings } = row;
      const off = (settings?.kinds[notice.kind] ?? null) === MailMode.OFF;
      const mailing = !off && row.status === AccountStatus.ACTIVE;
      if (mailing && COUNTED_KINDS.has(notice.kind) && !(await mailLimiter.hit(row.email))) {
        await repo.deferToDigest(db, noticeId);
        return;
      }
      if (mailing) {
        const to = await reader(notice.userId, row.email, settings, notice.kind);
        await mailer.send(noticeMail(mailed(notice), to));
      }
      await repo.markMailed(db, noticeId, new Date());
    },

    /**
     * The hourly `notice-digest` job: claims, a batch of readers at a time, the waiting notices of
     * those whose digest hour it is, and stores one `digest-mail` job per reader in the same
     * transaction. Returns how many digests it stored.
     */
    async runDigest(jobs: Deps['jobs'], now = new Date()): Promise<number> {
      let after = 0;
      let stored = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const claim = await repo.claimDigestBatch(tx, now, after, DIGEST_BATCH);
          const payloads = chunks(claim.userIds, DIGEST_MAILS_PER_JOB).map((userIds) => ({
            userIds,
            claimedAt: now.toISOString(),
          }));
          if (payloads.length > 0) await jobs.send('digest-mail', payloads, { tx });
          return claim;
        });
        stored += batch.userIds.length;
        if (batch.userIds.length > 0) jobs.wake('digest-mail');
        if (batch.last === null) return stored;
        after = batch.last;
      }
    },

    /**
     * The `digest-mail` job: for each of its readers, one mail listing the notices claimed for them,
     * all handed to the SMTP pool at once; then those mailed are marked. A mail that failed fails
     * the job once the others are marked, so its retry sends only what is still unmailed.
     */
    async sendDigestMails(mailer: Mailer, userIds: number[], claimedAtIso: string): Promise<void> {
      const claimedAt = new Date(claimedAtIso);
      const [rows, readers] = await Promise.all([
        repo.digestNoticesOf(db, userIds, claimedAt, DIGEST_MAX_ITEMS),
        repo.digestReaders(db, userIds),
      ]);
      const byReader = groupBy(rows, (row) => row.userId);
      const sent = await Promise.allSettled(
        readers
          .filter((who) => byReader.has(who.id))
          .map(async (who) => {
            const list = byReader.get(who.id) ?? [];
            if (who.status === AccountStatus.ACTIVE) {
              const to = await reader(who.id, who.email, who.settings, DIGEST_TOKEN_KIND);
              await mailer.send(digestMail(list.map(mailed), list[0]?.total ?? 0, to));
            }
            return who.id;
          }),
      );
      const done = sent.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      if (done.length > 0) await repo.markDigestMailed(db, done, claimedAt, new Date());
      const failed = sent.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
      if (failed.length > 0) throw new AggregateError(failed, `${failed.length} digest mails not sent`);
    },
  };
}

function isForeignKeyError(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
}
