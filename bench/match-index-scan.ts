/**
 * CPU time of one person search over the in-memory match index, without any I/O: the part of
 * findCartoonser that grows with the number of people. `npx tsx bench/match-index-scan.ts [people]`
 */
import { MatchIndex } from '../apps/server/src/modules/matching/match-index.js';

const PEOPLE = Number(process.argv[2] ?? 100_000);
const index = new MatchIndex(null as never);
// Fill the index directly, as its sync would, with the bench seeder's spread of profiles.
const people = (index as unknown as { people: Map<number, object>; listDirty: boolean }).people;
for (let g = 1; g <= PEOPLE; g++) {
  people.set(g, {
    id: g,
    loginattr: 1 + (g % 2),
    active: true,
    nickname: `作家${g}`,
    nicknameLower: `作家${g}`,
    pic: '',
    genres: (1 << (1 + (g % 18))) | (1 << (1 + ((g * 7) % 18))),
    medias: 1 << (1 + (g % 8)),
    creativecap: g % 5 === 0 ? 6 : 2,
    adscartoon: 1 + (g % 2),
    publish: 1 + ((g >> 1) % 2),
  });
}
(index as unknown as { listDirty: boolean }).listDirty = true;

const viewer = { genres: (1 << 5) | (1 << 6), medias: 2, creativecap: 2, adscartoon: 1, publish: 1 };
const base = {
  viewer,
  viewerId: 1,
  kind: 2,
  nick: '',
  genres: 0,
  medias: 0,
  creativecap: 0,
  adscartoon: null,
};
const cases = {
  'page 1, no filter': () => index.search(base, 0, 10),
  'page 3, status 未申請': () => index.search({ ...base, except: new Set([2, 4, 6]) }, 20, 10),
  'nickname filter': () => index.search({ ...base, nick: '作家12' }, 0, 10),
  'genre + media filter': () => index.search({ ...base, genres: 1 << 5, medias: 2 }, 0, 10),
};
const rows: Record<string, { 'CPU ms per search': number }> = {};
for (const [name, run] of Object.entries(cases)) {
  for (let i = 0; i < 30; i++) run();
  const before = process.cpuUsage();
  for (let i = 0; i < 200; i++) run();
  const used = process.cpuUsage(before);
  rows[name] = { 'CPU ms per search': +((used.user + used.system) / 1000 / 200).toFixed(2) };
}
console.log(`${PEOPLE} people in the index`);
console.table(rows);
