import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { clientKey } from '../../lib/client-key.js';
import { perDatabase } from '../../lib/per-database.js';
import { loadOrCreateSecret } from '../files/app-secrets.repository.js';

const SECRET_NAME = 'access-network';

const secretsOf = perDatabase(
  (db: Db) =>
    new LRUCache<string, string>({
      max: 1,
      fetchMethod: (name) => loadOrCreateSecret(db, name, randomBytes(32).toString('base64url')),
    }),
);

/**
 * The client's network (its IPv4 address, or its IPv6 /64: lib/client-key.ts) hashed with a
 * secret of this database, cut to 12 hex digits: equal networks read equal in the record, and the
 * record alone never tells an address (docs/access.md, "The access record").
 */
export async function networkHash(db: Db, ip: string): Promise<string> {
  const secret = await secretsOf(db).forceFetch(SECRET_NAME);
  return createHmac('sha256', secret).update(clientKey(ip)).digest('hex').slice(0, 12);
}
