/**
 * What trial:abuse (issue 39) runs its attacks in: the compiled server (restarted on the same
 * data folder and database when an attack killed it, or when the guard did), a guard that kills
 * the server's whole tree past a hard ceiling so the shared machine survives the unfixed server,
 * and the member and the newcomer whose work must go on meanwhile.
 */
import fs from 'node:fs';
import { contract } from '@koma/shared/contract';
import { type Child, rssOf, startServer } from '../../bench/lib/processes.js';
import {
  type Api,
  commitFile,
  mailedToken,
  ok,
  type PageIds,
  productionChapter,
  register,
  revisionOf,
  sleep,
  startStep,
  type Team,
} from './lib.js';
import { descendants } from './server-watch.js';

const MB = 1024 * 1024;

/** The server as the trial runs it; `restart` brings a new one up on what the last one left. */
export class Server {
  child: (Child & { dataDir: string }) | undefined;
  /** Why the guard killed the tree, once it did (cleared by `restart`). */
  killed: string | null = null;
  /** The tree's largest resident set the guard saw since `takePeak`, bytes. */
  peak = 0;
  private guard: NodeJS.Timeout | undefined;

  constructor(
    private databaseUrl: string,
    private dataDir: string,
    private env: Record<string, string>,
    private ceilingMb: number,
  ) {}

  get pid() {
    return this.child?.pid ?? 0;
  }

  /** True while the server's process exists. */
  alive() {
    const pid = this.pid;
    if (!pid || this.killed) return false;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
      return !/^\d+ \(.*\) [ZX] /.test(stat);
    } catch {
      return false;
    }
  }

  async start(api: Api) {
    this.child = await startServer(this.databaseUrl, { dataDir: this.dataDir, env: this.env });
    api.base = this.child.base;
    this.killed = null;
    this.watchCeiling();
  }

  async restart(api: Api) {
    await this.stop();
    await this.start(api);
  }

  /**
   * The server, then every process seen below it that still runs: a render process outlives a
   * server that was stopped or died (on this branch a runaway `.clip` render ran on for over 30 min).
   */
  async stop() {
    clearInterval(this.guard);
    this.remember();
    await this.child?.stop().catch(() => {});
    this.child = undefined;
    for (const pid of this.seen) {
      let cmdline = '';
      try {
        cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      } catch {
        continue; // gone
      }
      // Only ours: a pid reused by another program would not name our data folder.
      if (!cmdline.includes(this.dataDir)) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    this.seen.clear();
  }

  /** Every process below the server seen so far. */
  private seen = new Set<number>();
  private remember() {
    if (this.pid) for (const pid of descendants(this.pid)) this.seen.add(pid);
  }

  takePeak() {
    const peak = this.peak;
    this.peak = 0;
    return peak;
  }

  treeBytes() {
    const pid = this.pid;
    return descendants(pid).reduce((sum, child) => sum + rssOf(child).rss, rssOf(pid).rss);
  }

  /** Every 200 ms: past the ceiling, SIGKILL to the server and every process below it. */
  private watchCeiling() {
    clearInterval(this.guard);
    this.guard = setInterval(() => {
      if (!this.child || this.killed) return;
      this.remember();
      const bytes = this.treeBytes();
      this.peak = Math.max(this.peak, bytes);
      if (bytes <= this.ceilingMb * MB) return;
      this.killed = `the guard killed the server's tree at ${Math.round(bytes / MB)} MB (ceiling ${this.ceilingMb} MB)`;
      console.error(`✗ ${this.killed}`);
      for (const pid of [this.pid, ...descendants(this.pid)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    }, 200);
  }
}

/** The member of another project: a started step whose page is handed in, sent back and handed in again. */
export interface Member {
  team: Team;
  ids: PageIds;
  stepId: number;
  pages: Blob[];
}

export async function memberAtWork(api: Api, pages: Blob[]): Promise<Member> {
  const chapter = await productionChapter(api, 1);
  const ids = {
    projectId: chapter.projectId,
    chapterId: chapter.chapterId,
    pageId: chapter.pageIds[0] as number,
  };
  const stepId = await startStep(api, chapter, ids);
  return { team: chapter, ids, stepId, pages };
}

/** One round of the member's and the newcomer's work: ms, or null when it did not happen within the wait. */
export interface Round {
  at: number;
  previewMs: number | null;
  mailMs: number | null;
  error?: string;
}

const PREVIEW_WAIT_MS = 30_000;

/** The member hands the page in: ms until the viewer shows its preview, or null. */
async function handIn(api: Api, m: Member, round: number): Promise<number | null> {
  const before = (await revisionOf(api, m.team.founder, m.ids).catch(() => null))?.key;
  const sent = performance.now();
  const page = m.pages[round % m.pages.length] as Blob;
  await commitFile(api, m.team.artist, m.ids.projectId, m.stepId, page, 'page.png');
  while (performance.now() - sent < PREVIEW_WAIT_MS) {
    const { renditions: r, key } = await revisionOf(api, m.team.founder, m.ids);
    if (key !== before && r.preview !== '' && (r.status === 'ready' || r.stage === 'tiles'))
      return Math.round(performance.now() - sent);
    if (key !== before && r.status === 'failed') return null;
    await sleep(250);
  }
  return null;
}

/** Sent back, so that the step takes the next hand-in. */
async function sendBack(api: Api, m: Member) {
  const body = { projectId: m.ids.projectId, workflowStepId: m.stepId, remark: 'もう一度', filePath: '' };
  await ok(api.post(contract.workflow.reject.path, body, m.team.founder.token), 'send back');
}

/** A newcomer sends the sign-up form: ms until the mail is written, or null. */
async function signUpMailed(api: Api): Promise<number | null> {
  const sent = performance.now();
  const { email } = await register(api, 'creator');
  return mailedToken(api.mailDir, email, 50).then(
    () => Math.round(performance.now() - sent),
    () => null,
  );
}

/**
 * The work that must go on during an attack, round after round until `stop()` (at least one
 * round): a hand-in and a sign-up at once. A round whose calls fail (the server died) counts as
 * neither previewed nor mailed.
 */
export function meanwhile(api: Api, member: Member) {
  const rounds: Round[] = [];
  let stopAt = Number.POSITIVE_INFINITY;
  const loop = (async () => {
    // A round cut by the death of the last server may have left the step handed in.
    await sendBack(api, member).catch(() => {});
    for (let round = 0; round === 0 || Date.now() < stopAt; round++) {
      const at = Date.now();
      const [preview, mail] = await Promise.allSettled([handIn(api, member, round), signUpMailed(api)]);
      const errors = [preview, mail].flatMap((r) =>
        r.status === 'rejected' ? [(r.reason as Error).message] : [],
      );
      rounds.push({
        at,
        previewMs: preview.status === 'fulfilled' ? preview.value : null,
        mailMs: mail.status === 'fulfilled' ? mail.value : null,
        ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
      });
      if (errors.length > 0) await sleep(1_000);
      await sendBack(api, member).catch(() => {});
    }
  })();
  return {
    /** Ends the rounds (the one under way finishes): what they measured. */
    async stop(graceMs = 60_000): Promise<Round[]> {
      stopAt = Date.now();
      await Promise.race([loop, sleep(graceMs)]);
      return rounds;
    },
  };
}

/** What an attack gets: the server, the API, its folders, and where it says what went wrong. */
export interface Ctx {
  api: Api;
  server: Server;
  dataDir: string;
  tmpDir: string;
  /** '' on PGlite: the database cannot be read while the server runs. */
  databaseUrl: string;
  /** A refused rule or a missed outcome of this attack. */
  fail(message: string): void;
  /** A figure or outcome to print under the table. */
  note(message: string): void;
  /** The attack's answers in brief, for the table's column. */
  count(answers: string): void;
}

/** A bomb written to the trial's folder and sent from there (a Buffer body holds the trial's own loop). */
export async function fileBlob(ctx: Ctx, name: string, bytes: Buffer): Promise<Blob> {
  const file = `${ctx.tmpDir}/${name}`;
  fs.writeFileSync(file, bytes);
  return fs.openAsBlob(file);
}
