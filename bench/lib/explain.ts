import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';
import type { Deps } from '../../apps/server/src/lib/deps.js';
import { createChaptersService } from '../../apps/server/src/modules/chapters/chapters.service.js';
import { matchIndexFor } from '../../apps/server/src/modules/matching/match-index.js';
import { createMatchingService } from '../../apps/server/src/modules/matching/matching.service.js';
import { createProjectSearchService } from '../../apps/server/src/modules/projects/project-search.service.js';
import { BENCH_USER } from './seed-world.js';

interface Statement {
  query: string;
  params: unknown[];
}

const PERSON = { nick: '', typeb: [5, 6], media: [1], creativecap: [], page: 1, pageSize: 10 };
const SEARCH = {
  keywords: '',
  typeb: [],
  creativecap: [],
  join_status: null,
  kind: null,
  is_match: false,
  page: 1,
  pageSize: 10,
};

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of every statement the three searches send, as the services send
 * them: each search runs once through a client that records its SQL, then each recorded statement
 * (each distinct text once) is explained with its parameters.
 */
export async function explainSearches(url: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const recorded: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => void recorded.push({ query, params }) },
  }) as unknown as Db;
  const deps = { db } as Deps;
  const me = BENCH_USER.id;
  const searches: [string, () => Promise<unknown>][] = [
    [
      'Person search (findCartoonser), first call: loads the in-memory match index',
      () => createMatchingService(deps).search(me, PERSON),
    ],
    [
      'Person search (findCartoonser), every later call: the index follows changes, then ranks in memory',
      async () => {
        matchIndexFor(db).markStale();
        await createMatchingService(deps).search(me, PERSON);
      },
    ],
    [
      'Project search (project/search): the recruiting projects (read every few seconds, then ranked in memory, keywords too), and the searcher',
      () => createProjectSearchService(deps).search(me, SEARCH, 'ja'),
    ],
    [
      'Chapter search (chapter/search, the 案件 list): the recruiting chapters (read every few seconds), and the searcher',
      () => createChaptersService(deps).search(me, SEARCH, 'ja'),
    ],
  ];
  const out: string[] = [];
  try {
    for (const [title, run] of searches) {
      recorded.length = 0;
      await run();
      // A paged read runs one statement many times: each text once, with its first parameters.
      const statements = recorded.filter((r, i) => recorded.findIndex((o) => o.query === r.query) === i);
      out.push(`### ${title}\n`);
      for (const s of statements) {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${s.query}`,
          s.params,
        );
        out.push('```sql', s.query, s.params.length ? `-- params: ${JSON.stringify(s.params)}` : '', '```');
        out.push('```', ...rows.map((r) => r['QUERY PLAN']), '```', '');
      }
    }
  } finally {
    await pool.end();
  }
  return out.join('\n');
}
