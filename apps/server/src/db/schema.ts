/** Every table, for the typed client and drizzle-kit. Tables live beside their domain. */
export * from '../modules/accounts/accounts.table.js';
export * from '../modules/board/board.table.js';
export * from '../modules/chapters/chapters.table.js';
export * from '../modules/files/files.table.js';
export * from '../modules/folders/folders.table.js';
export * from '../modules/friends/friends.table.js';
export * from '../modules/matching/matching.table.js';
export * from '../modules/notices/notices.table.js';
export * from '../modules/notices/stream-slots.table.js';
export * from '../modules/pages/pages.table.js';
export * from '../modules/projects/projects.table.js';
export * from '../modules/rate-limits/rate-limits.table.js';
export * from '../modules/recruitment/recruitment.table.js';
export * from '../modules/reference/reference.table.js';
export * from '../modules/renditions/renditions.table.js';
export * from '../modules/uploads/uploads.table.js';
export * from '../modules/workflow/workflow.table.js';
