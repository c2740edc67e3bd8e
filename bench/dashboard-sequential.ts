/**
 * The dashboard (`homePage`) of the load suite's user, one request after another in process, on a
 * database the load suite kept (`npm run bench -- --seed-only` prints its name):
 *
 *   npm run bench:dashboard-sequential -- --database koma_bench_…
 *
 * Without the load suite's ten connections the figures barely move with the machine's other work,
 * so a small change to what every dashboard does shows (bench/README.md, "The forecast of a
 * chapter"): p50 and p95 of 600 requests after 100 to warm up, and the server's CPU per request.
 */
import { contract } from '@koma/shared/contract';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { BENCH_PASSWORD } from './lib/seed.js';
import { BENCH_USER } from './lib/seed-world.js';
import { summary } from './lib/stats.js';

const args = process.argv.slice(2);
const name = args[args.indexOf('--database') + 1];
if (!args.includes('--database') || !name) throw new Error('--database <kept database> is required');
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(server);
url.pathname = `/${name}`;

const config = {
  ...testConfig({ databaseUrl: url.toString(), logLevel: 'silent' }),
  pgliteDir: null,
  rateLimitMultiplier: 10_000,
};
const database = await openDatabase(config);
const app = await buildApp({ config, database });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: contract.accounts.login.path,
  payload: { username: BENCH_USER.email, password: BENCH_PASSWORD },
});
const token = login.json().data.token as string;
const home = async () => {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url: contract.dashboard.home.path, headers: { token } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { ms: performance.now() - t0, cards: res.json().data.forecasts.length as number };
};
for (let i = 0; i < 100; i++) await home();
const cpu = process.cpuUsage();
const times: number[] = [];
let cards = 0;
for (let i = 0; i < 600; i++) {
  const r = await home();
  times.push(r.ms);
  cards = r.cards;
}
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    ...summary(times),
    cpuMsPerRequest: +((used.user + used.system) / 1000 / 600).toFixed(2),
    forecastCards: cards,
  }),
);
await app.close();
await database.close();
