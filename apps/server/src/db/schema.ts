/** Every table, for the typed client and drizzle-kit. Tables live beside their domain. */
export * from '../modules/accounts/accounts.table.js';
export * from '../modules/reference/reference.table.js';
