import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './errors.js';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('telling an unreachable database from a failure', () => {
  it('knows the socket and PostgreSQL codes of a database that is down or restarting', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001']) {
      expect(databaseUnavailable(coded(code)), code).toBe(true);
    }
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('follows the causes drizzle wraps around the driver error', () => {
    const wrapped = new Error('Failed query: select 1', { cause: coded('57P01') });
    expect(databaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves real failures (constraint, syntax, programming errors) as failures', () => {
    expect(databaseUnavailable(coded('23505'))).toBe(false);
    expect(databaseUnavailable(coded('42601'))).toBe(false);
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(databaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
