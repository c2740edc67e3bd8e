export * from './constants.js';
export * from './i18n/index.js';
export * from './schemas/index.js';
