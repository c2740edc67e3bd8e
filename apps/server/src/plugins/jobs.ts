import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobQueue } from '../infra/jobs.js';
import type { Mailer } from '../infra/mailer.js';
import { STALE_TEMP_MS } from '../infra/storage.js';
import { purgeAccessRecords } from '../modules/access-record/access-record-list.service.js';
import { purgeExpiredSessions } from '../modules/accounts/sessions.service.js';
import { createNoticeMailService } from '../modules/notices/notice-mail.service.js';
import { giveUpRenderJob, runRenderJob } from '../modules/renditions/render-job.js';
import { backfillRenditions } from '../modules/renditions/rendition-backfill.js';
import { createScheduleService } from '../modules/schedule/schedule.service.js';
import { removeOrphanFiles } from '../modules/uploads/orphans.js';
import { removeUnattachedUploads } from '../modules/uploads/unattached.js';

/**
 * What each job does (the list and its schedules: infra/jobs.ts, docs/jobs.md). The queue takes
 * jobs once the app is ready, after the migrations, and lets them finish when it closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, { jobs, mailer }: { jobs: JobQueue; mailer: Mailer }) => {
    const { db, storage } = app.deps;
    const log = app.log;
    jobs.work('mail', (mail) => mailer.send(mail));
    const noticeMails = createNoticeMailService(app.deps);
    jobs.work('notice-mail', ({ noticeId }) => noticeMails.sendNoticeMail(mailer, noticeId));
    jobs.work('digest-mail', (job) =>
      noticeMails.sendDigestMails(mailer, 'userIds' in job ? job.userIds : [job.userId], job.claimedAt),
    );
    jobs.work('notice-digest', async () => {
      const stored = await noticeMails.runDigest(app.deps.jobs);
      if (stored) log.info({ stored }, 'stored the digest mails of this hour');
    });
    jobs.work(
      'render-page',
      ({ uploadId }) => runRenderJob(app.deps, uploadId),
      ({ uploadId }) => giveUpRenderJob(app.deps, uploadId),
    );
    jobs.work('backfill-renditions', async ({ afterId }) => {
      const stored = await backfillRenditions(app.deps, afterId);
      if (stored) log.info({ stored }, 'stored render jobs for uploads that had none');
    });
    // Expired sessions are refused by every lookup already; this frees their rows.
    jobs.work('purge-sessions', async () => {
      const removed = await purgeExpiredSessions(db);
      if (removed) log.info({ removed }, 'removed expired sessions');
    });
    // The access record is kept for a stated time (docs/access.md, "The access record").
    jobs.work('purge-access-records', async () => {
      const removed = await purgeAccessRecords(db);
      if (removed) log.info({ removed }, 'removed access records past their time');
    });
    // A crash between storing a file and inserting its row leaves the file without its row.
    jobs.work('sweep-orphan-files', async () => {
      const removed = await removeOrphanFiles(db, storage);
      if (removed) log.info({ removed }, 'removed files without an upload row');
    });
    // A page file is rendered only once put somewhere; one never put anywhere goes after a day.
    jobs.work('sweep-unattached-uploads', async () => {
      const removed = await removeUnattachedUploads(db, storage);
      if (removed) log.info({ removed }, 'removed page files never attached');
    });
    // A crash mid-upload leaves its temp file; the start of a server removes its own at once
    // (server.ts), this the ones of any instance sharing the folder once they are old.
    jobs.work('sweep-temp-files', async () => {
      const removed = await storage.removeStaleTemp?.(STALE_TEMP_MS);
      if (removed) log.info({ removed }, 'removed unfinished uploads');
    });
    // Due-day reminders and forecasts follow the clock, not only the work (docs/schedule.md).
    const schedule = createScheduleService(app.deps);
    jobs.work('schedule-hourly', () => schedule.hourly());
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', async () => {
      await jobs.stop();
      mailer.close?.();
    });
  },
  { name: 'koma-jobs' },
);
