/**
 * Seeds the load suite's world into an existing, empty PostgreSQL database, as `npm run bench`
 * does (lib/seed.ts), and prints the seconds per step. Run by `npm run bench:compare` in each
 * checkout it compares, so each version is seeded by its own code; for a ref from before this
 * file existed, compare.ts places this file in the ref's checkout, where it calls that version's
 * `seedDatabase(url, size)` (the same since the suite was written).
 *
 *   node --import tsx bench/seed-database.ts <database url> '<world size as JSON>'
 */
import { seedDatabase } from './lib/seed.js';

const [url, size] = process.argv.slice(2);
if (!url || !size) throw new Error("usage: seed-database.ts <database url> '<world size JSON>'");
const times = await seedDatabase(url, JSON.parse(size));
console.log(JSON.stringify(times));
