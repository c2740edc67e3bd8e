export * from './calendar.js';
export * from './correction-sheet.js';
export * from './file-names.js';
export * from './mails.js';
export * from './messages.js';
export * from './notices.js';
export * from './statuses.js';
export * from './wait.js';
