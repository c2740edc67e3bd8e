/** Every table, for the typed client and drizzle-kit. Tables live beside their domain. */

export * from '../modules/access-record/access-record.table.js';
export * from '../modules/accounts/accounts.table.js';
export * from '../modules/board/board.table.js';
export * from '../modules/calendar/calendar.table.js';
export * from '../modules/chapters/chapters.table.js';
export * from '../modules/editorial-thread/editorial-thread.table.js';
export * from '../modules/files/files.table.js';
export * from '../modules/folders/folders.table.js';
export * from '../modules/friends/friends.table.js';
export * from '../modules/invitations/invitations.table.js';
export * from '../modules/invitations/inviters.table.js';
export * from '../modules/marks/marks.table.js';
export * from '../modules/matching/matching.table.js';
export * from '../modules/notices/notice-mail-settings.table.js';
export * from '../modules/notices/notices.table.js';
export * from '../modules/notices/stream-slots.table.js';
export * from '../modules/pages/page-revisions.table.js';
export * from '../modules/pages/pages.table.js';
// Print specification and preflight (docs/print.md).
export * from '../modules/print/print-specs.table.js';
export * from '../modules/projects/project-events.table.js';
export * from '../modules/projects/projects.table.js';
export * from '../modules/rate-limits/rate-limits.table.js';
export * from '../modules/recruitment/recruitment.table.js';
export * from '../modules/reference/reference.table.js';
export * from '../modules/renditions/renditions.table.js';
export * from '../modules/review-links/review-links.table.js';
export * from '../modules/uploads/uploads.table.js';
export * from '../modules/watermarks/watermarks.table.js';
export * from '../modules/workflow/workflow.table.js';
