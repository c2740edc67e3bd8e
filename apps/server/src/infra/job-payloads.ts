import type { MailMessage } from './mailer.js';

/** Every kind of job and its payload (docs/jobs.md). */
export interface JobPayloads {
  /** One mail, sent through infra/mailer.ts. */
  mail: MailMessage;
  /** One notice's mail, sent at once (modules/notices/notice-mail.service.ts). */
  'notice-mail': { noticeId: number };
  /** Claims the waiting notices of the readers whose digest hour it is, a batch at a time. */
  'notice-digest': null;
  /**
   * The digests of up to 100 readers: the notices a `notice-digest` run claimed for them at
   * `claimedAt`. A job stored before digests were batched names one reader (`userId`).
   */
  'digest-mail': ({ userIds: number[] } | { userId: number }) & { claimedAt: string };
  /**
   * The renditions of a page file, once attached (modules/renditions/render-job.ts); who it was
   * attached by and where, for fair turns (renditions/render-queue.ts). The backfill names neither.
   */
  'render-page': { uploadId: number; userId?: number; projectId?: number };
  /**
   * Stores render-page for the uploads from before it existed, a batch at a time, from the upload
   * after `afterId` (modules/renditions/rendition-backfill.ts).
   */
  'backfill-renditions': { afterId?: number };
  /** Deletes the expired sessions (accounts/sessions.service.ts). */
  'purge-sessions': null;
  /** Removes access records past their time (access-record/access-record-list.service.ts). */
  'purge-access-records': null;
  /** Removes stored files no upload row holds (uploads/orphans.ts). */
  'sweep-orphan-files': null;
  /** Removes uploads of every type no row holds, a day after they were left (uploads/unattached.ts). */
  'sweep-unattached-uploads': null;
  /** Removes the temp files of uploads a crash left unfinished (infra/storage.ts). */
  'sweep-temp-files': null;
  /** Sends the due-day reminders and refreshes every forecast (modules/schedule/schedule.service.ts). */
  'schedule-hourly': null;
}

export type JobName = keyof JobPayloads;
