/**
 * Saving a red-pen mark (issue 14): p95 ≤ 50 ms at 10 concurrent reviewers, on PostgreSQL.
 *
 *   npm run bench:marks-save -- [--reviewers 10] [--seconds 20] [--warm 5] [--pages-each 20] [--pglite] [--one-ip]
 * One chapter in production: every page's step is an assistant's, handed in (a commit of its own
 * revision, 600-dpi B4); the founder and --reviewers - 1 main artists judge them (docs/marks.md),
 * each on pages of their own. Each reviewer adds marks back to back through the real server over
 * HTTP (marks.add: the five kinds in turn, pen strokes of 50–200 points, a comment), as the viewer
 * sends them; a page takes 200 marks (LIMITS.marksPerPageMax), so a reviewer moves to their next
 * page when one is full. --warm seconds first, not counted; then --seconds measured. The
 * reference, measured right after by the same reviewers: marks.list of one revision with 10 marks
 * (a read of the same module) and the readiness probe (HTTP and one query).
 *
 * Each reviewer comes from an address of their own, as people do behind the reverse proxy
 * (TRUST_PROXY, X-Forwarded-For): the global rate limit counts per address with one upsert per
 * request in PostgreSQL, and from one address all ten would wait on the same row. --one-ip sends
 * them all from 127.0.0.1, to see that wait.
 */
import {
  ChapterStatus,
  LIMITS,
  MemberKind,
  RenditionStatus,
  StepEventKind,
  StepStatus,
  UploadType,
} from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { projectMembers } from '../apps/server/src/modules/projects/projects.table.js';
import { pageRenditions } from '../apps/server/src/modules/renditions/renditions.table.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { uploads } from '../apps/server/src/modules/uploads/uploads.table.js';
import { stepEvents, workflowSteps } from '../apps/server/src/modules/workflow/workflow.table.js';
import { apiPost, benchData, loadAverage, logIn } from './lib/bench-server.js';
import { closedLoop, type LoopResult } from './lib/closed-loop.js';
import { B4_600DPI } from './lib/line-art.js';
import { benchComment, benchShape, seedMarks } from './lib/marks.js';
import { seedPageChapter } from './lib/page-chapter.js';
import { startServer } from './lib/processes.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const REVIEWERS = option('reviewers', 10);
const SECONDS = option('seconds', 20);
const WARM = option('warm', 5);
const PAGES_EACH = option('pages-each', 20);
const BUDGET_P95_MS = 50;
/** benchN@bench.koma.example: 1 the founder, 2…REVIEWERS main artists, the next the assistant. */
const email = (n: number) => `bench${n}@bench.koma.example`;

interface Revision {
  pageId: number;
  revisionId: number;
}

/**
 * The chapter: REVIEWERS × PAGES_EACH pages to mark, then one reference page with 10 marks; each
 * page's step the assistant's, handed in as an upload with its renditions made.
 */
async function seedReview(config: Parameters<typeof seedPageChapter>[0]) {
  const pages = REVIEWERS * PAGES_EACH + 1;
  const chapter = await seedPageChapter(config, {
    pages,
    status: ChapterStatus.IN_PRODUCTION,
    step: StepStatus.AWAITING_APPROVAL,
    people: REVIEWERS + 1,
  });
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const assistant = REVIEWERS + 1;
    await db.insert(projectMembers).values([
      ...Array.from({ length: REVIEWERS - 1 }, (_, i) => ({
        projectId: chapter.projectId,
        userId: i + 2,
        kind: MemberKind.MEMBER,
        positionId: 2,
      })),
      { projectId: chapter.projectId, userId: assistant, kind: MemberKind.MEMBER, positionId: 3 },
    ]);
    await db
      .update(workflowSteps)
      .set({ ownerUserId: assistant })
      .where(eq(workflowSteps.chapterId, chapter.chapterId));
    const keys = chapter.pageIds.map(() => newUploadKey(UploadType.PAGE, 'png'));
    const uploaded = await db
      .insert(uploads)
      .values(
        keys.map((key, i) => ({
          key,
          userId: assistant,
          type: UploadType.PAGE,
          filename: `${i + 1}.png`,
          ext: 'png',
          size: 1,
          attachedAt: new Date(),
        })),
      )
      .returning({ id: uploads.id });
    await db
      .insert(pageRenditions)
      .values(uploaded.map((u) => ({ uploadId: u.id, status: RenditionStatus.READY, ...B4_600DPI })));
    await db.insert(stepEvents).values(
      chapter.stepIds.map((stepId, i) => ({
        stepId,
        userId: assistant,
        kind: StepEventKind.COMMIT,
        fileKey: keys[i] ?? '',
        fileName: `${i + 1}.png`,
      })),
    );
    const revisions: Revision[] = chapter.pageIds.map((pageId, i) => ({
      pageId,
      revisionId: uploaded[i]?.id ?? 0,
    }));
    const reference = revisions.pop() as Revision;
    await seedMarks(db, { pageId: reference.pageId, uploadId: reference.revisionId, authorId: 1 }, 10);
    return { projectId: chapter.projectId, revisions, reference };
  } finally {
    await database.close();
  }
}

const row = (result: LoopResult) => ({
  requests: result.requests,
  'req/s': result.reqPerSec,
  'p50 ms': result.p50,
  'p95 ms': result.p95,
  'p99 ms': result.p99,
  errors: result.errors,
});

async function main() {
  const postgres = !args.includes('--pglite');
  const data = await benchData('koma-marks-save', postgres);
  const seeded = await seedReview(data.config);
  const oneIp = args.includes('--one-ip');
  const server = await startServer(data.databaseUrl, {
    dataDir: data.dataDir,
    env: { TRUST_PROXY: oneIp ? 'false' : 'true' },
  });
  // Documentation addresses (RFC 5737), one per reviewer.
  const from = (w: number): Record<string, string> =>
    oneIp ? {} : { 'x-forwarded-for': `198.51.100.${w + 1}` };
  try {
    const tokens = await Promise.all(
      Array.from({ length: REVIEWERS }, (_, i) => logIn(server.base, email(i + 1))),
    );
    // Reviewer w's pages are w, w + REVIEWERS, …; each takes marksPerPageMax marks.
    const made = new Array<number>(REVIEWERS).fill(0);
    const add = async (w: number) => {
      const n = made[w] ?? 0;
      const at = seeded.revisions[w + REVIEWERS * Math.floor(n / LIMITS.marksPerPageMax)];
      if (!at) throw new Error(`reviewer ${w + 1} has filled their ${PAGES_EACH} pages: more --pages-each`);
      made[w] = n + 1;
      await apiPost(
        server.base,
        tokens[w] ?? '',
        contract.marks.add.path,
        {
          projectId: seeded.projectId,
          ...at,
          shape: benchShape(n, 50 + ((n * 37) % 151)),
          color: 'red',
          comment: benchComment(n + 1),
        },
        from(w),
      );
    };
    const list = (w: number) =>
      apiPost(
        server.base,
        tokens[w] ?? '',
        contract.marks.list.path,
        {
          projectId: seeded.projectId,
          ...seeded.reference,
        },
        from(w),
      );
    const ready = async (w: number) => {
      const res = await fetch(`${server.base}${contract.health.ready.path}`, { headers: from(w) });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`ready: ${res.status}`);
    };
    const loads: Record<string, string> = {};
    await closedLoop(REVIEWERS, WARM, add);
    loads.before = loadAverage();
    const saving = await closedLoop(REVIEWERS, SECONDS, add);
    loads['after marks.add'] = loadAverage();
    const listing = await closedLoop(REVIEWERS, Math.min(SECONDS, 10), list);
    const probing = await closedLoop(REVIEWERS, Math.min(SECONDS, 10), ready);
    loads['after the reference'] = loadAverage();
    console.table({
      'marks.add (pen 50–200 points, rect, ellipse, arrow, text + comment)': row(saving),
      'reference: marks.list, one revision with 10 marks': row(listing),
      'reference: GET /api/ready (one query)': row(probing),
    });
    for (const result of [saving, listing, probing])
      if (result.firstError) console.log(`first error: ${result.firstError}`);
    const marks = made.reduce((a, b) => a + b, 0);
    console.log(
      `${REVIEWERS} reviewers from ${oneIp ? 'one address' : 'an address each'}, ${WARM} s warm-up + ${SECONDS} s, ${postgres ? 'PostgreSQL' : 'PGlite'}; ${marks} marks saved in all; marks.add p95 is ${(saving.p95 / listing.p95).toFixed(1)}× marks.list's, ${(saving.p95 / probing.p95).toFixed(1)}× the probe's`,
    );
    console.log(`load average (1, 5, 15 min): ${JSON.stringify(loads)}`);
    const met = saving.p95 <= BUDGET_P95_MS && saving.errors === 0;
    console.log(
      `marks.add p95 ${saving.p95} ms (budget ${BUDGET_P95_MS}), ${saving.errors} errors → ${met ? 'budget met' : 'BUDGET MISSED'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await server.stop();
    await data.remove();
  }
}

await main();
