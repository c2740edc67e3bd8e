export * from './codes.js';
export * from './enums.js';
export * from './limits.js';
export * from './messages.js';
export * from './reference.js';
export * from './roles.js';
export * from './schemas/accounts.js';
export * from './schemas/common.js';
