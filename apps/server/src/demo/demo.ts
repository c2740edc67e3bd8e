import { AccountStatus, computeRoles } from '@koma/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import * as accounts from '../modules/accounts/accounts.repository.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './demo-people.js';

/**
 * `npm run demo`: fills the database (the same DATA_DIR / DATABASE_URL as `npm start`) with demo
 * accounts. Run it while the server is stopped when on PGlite. Existing demo accounts are kept.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    let created = 0;
    for (const person of DEMO_PEOPLE) {
      if (await accounts.findUserByEmail(database.db, person.email)) continue;
      await accounts.insertUser(database.db, {
        ...person,
        passwordHash,
        status: AccountStatus.ACTIVE,
        roles: computeRoles(person.loginattr, person.positions),
      });
      created += 1;
    }
    console.log(
      `Demo data ready in ${config.databaseUrl ? 'PostgreSQL' : config.pgliteDir}: ${created} new accounts.`,
    );
    console.log(`Every demo account logs in with the password ${DEMO_PASSWORD}:`);
    for (const p of DEMO_PEOPLE) console.log(`  ${p.email.padEnd(38)} ${p.nickname}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
