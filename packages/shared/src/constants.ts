// What the web app needs at run time without zod: codes, enums, limits, reference lists, roles.
export * from './codes.js';
export * from './enums.js';
export * from './invite-scope.js';
export * from './limits.js';
export * from './mark-counts.js';
export * from './notice-destination.js';
export * from './notice-mail.js';
export * from './print-specs.js';
export * from './reference.js';
export * from './roles.js';
