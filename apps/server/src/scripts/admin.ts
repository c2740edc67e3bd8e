import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createInProcessBus } from '../infra/live-bus.js';
import { createPostgresLiveBus } from '../infra/postgres-live-bus.js';
import {
  disableAccount,
  enableAccount,
  type StatusChange,
} from '../modules/accounts/account-status.service.js';

const USAGE = 'Usage: npm run admin -- disable <email>\n       npm run admin -- enable <email>';

const log = {
  info: (_obj: object, msg: string) => console.log(msg),
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
};

/**
 * `npm run admin -- disable|enable <email>`: an operator's command on the same settings as
 * `npm start` (DATA_DIR / DATABASE_URL), run beside the servers. With PostgreSQL the live event
 * that ends the account's open streams goes out through NOTIFY to every instance
 * (account-status.service.ts); with PGlite the server must be stopped first (the data folder is
 * locked by it, and the lock's message says so).
 */
async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if ((command !== 'disable' && command !== 'enable') || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  const bus = config.databaseUrl
    ? createPostgresLiveBus({ url: config.databaseUrl, db: database.db, log })
    : null;
  try {
    await database.migrate();
    const deps = { db: database.db, live: bus ?? createInProcessBus() };
    const result: StatusChange =
      command === 'disable' ? await disableAccount(deps, email) : await enableAccount(deps, email);
    // The NOTIFY must leave before the pool closes.
    await bus?.flush();
    const disabling = command === 'disable';
    const messages: Record<StatusChange, string> = {
      changed: disabling
        ? `${email}: disabled; its sessions and live streams ended.`
        : `${email}: enabled; it can log in again.`,
      unchanged: disabling
        ? `${email}: was disabled already (any session left was ended).`
        : `${email}: was not disabled; nothing changed.`,
      unknown: `${email}: no such account.`,
    };
    (result === 'unknown' ? console.error : console.log)(messages[result]);
    return result === 'unknown' ? 1 : 0;
  } finally {
    await bus?.close();
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
