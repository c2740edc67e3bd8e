import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { contract, routeBase } from '@koma/shared/contract';
import sharp from 'sharp';
import { readableBody } from '../../e2e/support/mail.js';

/**
 * What the trials share: calls made as the browser makes them (JSON POST with the `token` header,
 * multipart uploads), accounts signed up through the mailed link, a production team, and the
 * printed tables.
 */

export interface Answer {
  http: number;
  body: { status: number; info: string; data: any };
  /** The answer's `retry-after` header, seconds (null when none). */
  retryAfter?: number | null;
}

/** The n-th simulated client address (10.<n>.<m>.1; 10.255.*.* is the health poller's). */
export const clientAddress = (n: number) => `10.${(n >> 8) % 255}.${n & 255}.1`;

/** One server, as the browser sees it. */
export class Api {
  constructor(
    public base: string,
    /** Where the server writes its mail (DATA_DIR/mail). */
    public mailDir: string,
  ) {}

  /**
   * When set, every simulated person is a client of their own (`x-forwarded-for`, read by a
   * server started with TRUST_PROXY=true), so that the shipped per-client limits count each one
   * apart: a person by their token, and every call without one (sign-up, confirm, login, a link)
   * from a fresh address. The traffic itself stays on loopback.
   */
  clientPerPerson = false;
  private addressOfToken = new Map<string, string>();
  private addresses = 0;

  /** A fresh client address (or none when `clientPerPerson` is off). */
  newClient(): Record<string, string> {
    if (!this.clientPerPerson) return {};
    this.addresses += 1;
    return { 'x-forwarded-for': clientAddress(this.addresses) };
  }

  /** The headers of a call made by the holder of `token` (or by nobody signed in). */
  headersOf(token?: string): Record<string, string> {
    if (!token) return this.newClient();
    if (!this.clientPerPerson) return { token };
    let address = this.addressOfToken.get(token);
    if (!address) {
      address = this.newClient()['x-forwarded-for'] as string;
      this.addressOfToken.set(token, address);
    }
    return { token, 'x-forwarded-for': address };
  }

  async post(url: string, body: object, token?: string): Promise<Answer> {
    const res = await fetch(`${this.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headersOf(token) },
      body: JSON.stringify(body),
    });
    return answerOf(res);
  }

  async get(url: string, token?: string): Promise<Answer> {
    const res = await fetch(`${this.base}${url}`, { headers: this.headersOf(token) });
    return answerOf(res);
  }

  /** A multipart form: the fields first, then the file, as the web app sends it. */
  async upload(
    url: string,
    fields: Record<string, string>,
    file: Buffer | Blob,
    filename: string,
    token: string,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file instanceof Blob ? file : new Blob([new Uint8Array(file)]), filename);
    const res = await fetch(`${this.base}${url}`, {
      method: 'POST',
      headers: this.headersOf(token),
      body: form,
    });
    return answerOf(res);
  }

  /** The bytes behind a link the server handed out (a signed /api/files link), or null on 404. */
  async bytes(link: string): Promise<Buffer | null> {
    const res = await fetch(new URL(link, this.base), { headers: this.newClient() });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${link}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
}

async function answerOf(res: Response): Promise<Answer> {
  const retry = res.headers.get('retry-after');
  return {
    http: res.status,
    body: (await res.json().catch(() => ({}))) as Answer['body'],
    retryAfter: retry === null ? null : Number(retry),
  };
}

export const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 16);

/** The call must answer 200; its data. */
export async function ok<T = any>(answer: Promise<Answer> | Answer, what: string): Promise<T> {
  const a = await answer;
  if (a.http !== 200) throw new Error(`${what}: ${a.http} ${a.body?.info ?? ''}`);
  return a.body.data as T;
}

/** The token of the newest mail the server wrote to `to`, looked for every `everyMs`. */
export async function mailedToken(mailDir: string, to: string, everyMs = 100): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const body = readableBody(fs.readFileSync(path.join(mailDir, file), 'utf8'));
      if (!body.toLowerCase().includes(to.toLowerCase())) continue;
      const token = /[?&]token=([A-Za-z0-9_%-]+)/.exec(body)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`no mail for ${to}`);
}

export interface Person {
  id: number;
  token: string;
  email: string;
}

let counter = 0;

/** Sends the sign-up form (creator or editor) of a new address, as the sign-up screen does. */
export async function register(api: Api, kind: 'creator' | 'editor', positions: number[] = [1, 2]) {
  counter += 1;
  const email = `trial${counter}-${process.pid}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'manga-2025-trial';
  const editor = kind === 'editor';
  await ok(
    api.post(contract.accounts.register.path, {
      nickname: `試験 ${counter}`,
      email,
      password,
      type: [1],
      loginAttr: editor ? 2 : 1,
      medias: [1, 3],
      typebigs: [5, 6],
      positions: editor ? null : positions,
      method: editor ? null : [2],
    }),
    'register',
  );
  return { email, password };
}

/** Signs up (creator or editor), follows the mailed link and logs in, as a new user would. */
export async function signUp(api: Api, kind: 'creator' | 'editor', positions: number[] = [1, 2]) {
  const { email, password } = await register(api, kind, positions);
  await ok(
    api.post(contract.accounts.completeRegistration.path, { token: await mailedToken(api.mailDir, email) }),
    'confirm',
  );
  return login(api, email, password);
}

export async function login(api: Api, email: string, password = 'manga-2025-trial'): Promise<Person> {
  const data = await ok(api.post(contract.accounts.login.path, { username: email, password }), 'login');
  const token = data.token as string;
  const me = await ok(api.get(contract.profiles.me.path, token), 'profile');
  const id = me.id as number;
  return { id, token, email };
}

/** A random-noise PNG: every one differs and none compresses, so its write takes real time. */
export async function noisePng(side = 160): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const addDays = (days: number) => {
  const d = new Date(Date.now() + 9 * 3600_000 + days * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/** A cover image (type 3) uploaded by `who`: its path. */
export async function cover(api: Api, who: Person): Promise<string> {
  const data = await ok(
    api.upload(contract.uploads.upload.path, { type: '3' }, await noisePng(64), 'cover.png', who.token),
    'cover',
  );
  return data.path as string;
}

export async function createProject(api: Api, founder: Person): Promise<number> {
  const body = {
    icon: await cover(api, founder),
    title: '試験の庭',
    kind: 1,
    type: 1,
    creativecap: [1],
    typeb: [5, 6],
    content: '試験のための企画。',
  };
  return (await ok(api.post(contract.projects.save.path, body, founder.token), 'project'))
    .projectId as number;
}

/** A project-level recruitment for these positions (one place each). */
export async function recruit(api: Api, founder: Person, projectId: number, positions: number[], num = 1) {
  await ok(
    api.post(
      contract.recruitment.add.path,
      {
        kind: 1,
        projectId,
        stime: addDays(0),
        etime: addDays(30),
        positions: positions.map((position_id) => ({ position_id, num })),
        condition: '試験',
      },
      founder.token,
    ),
    'recruit',
  );
}

export async function join(api: Api, founder: Person, who: Person, projectId: number, posId: number) {
  await ok(
    api.post(contract.recruitment.apply.path, { kind: 1, projectId, posId, message: '' }, who.token),
    'apply',
  );
  await ok(
    api.post(contract.recruitment.accept.path, { projectId, kind: 1, posId, userId: who.id }, founder.token),
    'accept',
  );
}

/** The editor pairs with the founder, is invited and accepts: the editor in charge. */
export async function assignEditor(api: Api, founder: Person, editor: Person, projectId: number) {
  // Paired once: a second project with the same two finds them paired already (409).
  const pairing = await api.post(
    contract.matching.apply.path,
    { toUid: editor.id, message: '' },
    founder.token,
  );
  if (pairing.http !== 409) {
    await ok(pairing, 'pairing');
    const pairs = (await ok(api.get(contract.dashboard.home.path, editor.token), 'home')).pairs;
    await ok(
      api.post(contract.matching.deal.path, { msgId: pairs[0].msgId, state: 1, message: '' }, editor.token),
      'pair',
    );
  }
  await ok(
    api.post(contract.projects.invite.path, { projectid: projectId, userid: editor.id }, founder.token),
    'invite',
  );
  await ok(api.post(contract.projects.answer.path, { projectId, checkStatus: 1 }, editor.token), 'editor');
}

export async function addChapter(
  api: Api,
  founder: Person,
  projectId: number,
  pages: number,
): Promise<number> {
  const body = {
    projectId,
    title: '第1話 試験',
    page: String(pages),
    icon: await cover(api, founder),
    scriptAt: addDays(7),
    checkAt: addDays(30),
  };
  return (await ok(api.post(contract.chapters.add.path, body, founder.token), 'chapter')).chapterId as number;
}

export async function pageList(api: Api, who: Person, projectId: number, chapterId: number) {
  const data = await ok(api.post(contract.pages.list.path, { projectId, chapterId }, who.token), 'pages');
  return data.list as { id: number; num: number; status: number; icon: string }[];
}

export async function uploadPage(api: Api, who: Person, projectId: number, pageId: number, png: Buffer) {
  return api.upload(
    contract.pages.upload.path,
    { projectId: String(projectId), pageId: String(pageId) },
    png,
    'page.png',
    who.token,
  );
}

/** A page file's renditions as replies carry them (docs/renditions.md). */
export interface Renditions {
  status: string;
  stage: string;
  thumb: string;
  preview: string;
  dzi: string;
  reason: string | null;
}

export interface PageIds {
  projectId: number;
  chapterId: number;
  pageId: number;
}

/** The page's newest revision as the viewer gets it: its renditions and its original's key. */
export async function revisionOf(api: Api, who: Person, { projectId, chapterId, pageId }: PageIds) {
  const data = await ok(
    api.post(contract.workflow.viewer.path, { projectId, chapterId }, who.token),
    'viewer',
  );
  const page = data.pages.find((p: { id: number }) => p.id === pageId);
  const revision = page.revisions.at(-1) as { renditions: Renditions; downloadUrl: string };
  const key = decodeURIComponent(
    new URL(revision.downloadUrl, 'http://x').pathname.replace(routeBase(contract.uploads.file), ''),
  );
  return { renditions: revision.renditions, key };
}

/** Who runs a production chapter: the founder, the editor in charge, and the artist of its steps. */
export interface Team {
  founder: Person;
  editor: Person;
  artist: Person;
}

/**
 * A project with a chapter of `pages` pages through its storyboard (names approved) and one step
 * a page, the artist's: the artist hands in a page file per step, as a finished step's work. A
 * founder and editor may be given (their second project; the pairing is kept).
 */
export async function productionChapter(api: Api, pages: number, lead?: Omit<Team, 'artist'>) {
  const founder = lead?.founder ?? (await signUp(api, 'creator'));
  const editor = lead?.editor ?? (await signUp(api, 'editor'));
  const artist = await signUp(api, 'creator', [2]);
  const projectId = await createProject(api, founder);
  await recruit(api, founder, projectId, [2]);
  await join(api, founder, artist, projectId, 2);
  await assignEditor(api, founder, editor, projectId);
  const chapterId = await addChapter(api, founder, projectId, pages);
  const list = await pageList(api, founder, projectId, chapterId);
  const png = await noisePng(16);
  for (const page of list) await ok(uploadPage(api, founder, projectId, page.id, png), 'storyboard page');
  await ok(api.post(contract.chapters.submitNames.path, { projectId, chapterId }, founder.token), 'submit');
  for (const page of list) {
    const body = { projectId, pageId: page.id, checkStatus: 1 };
    await ok(api.post(contract.pages.check.path, body, editor.token), 'pass');
  }
  const approval = { projectId, chapterId, checkStatus: 1, chapterNote: '' };
  await ok(api.post(contract.chapters.checkNames.path, approval, editor.token), 'approve names');
  const plan = list.map((p) => ({ pageId: p.id, steps: [{ posId: 2, ownerUserId: artist.id }] }));
  const members = { projectId, chapterId, pages: plan };
  await ok(api.post(contract.workflow.savePlan.path, members, founder.token), 'plan');
  const team: Team = { founder, editor, artist };
  return { ...team, projectId, chapterId, pageIds: list.map((p) => p.id) };
}

/** The artist starts the page's step: its id. */
export async function startStep(
  api: Api,
  { founder, artist }: Team,
  { projectId, chapterId, pageId }: PageIds,
) {
  const where = { projectId, chapterId, pageId };
  const detail = await ok(api.post(contract.workflow.page.path, where, founder.token), 'detail');
  const workflowStepId = detail.steps[0].step_id as number;
  await ok(api.post(contract.workflow.start.path, { projectId, workflowStepId }, artist.token), 'start');
  return workflowStepId;
}

/** The artist uploads a page file (type 11, as the web app does) and commits it as the step's work. */
export async function commitFile(
  api: Api,
  artist: Person,
  projectId: number,
  workflowStepId: number,
  file: Buffer | Blob,
  filename: string,
) {
  const uploaded = await ok(
    api.upload(contract.uploads.upload.path, { type: '11' }, file, filename, artist.token),
    'page file',
  );
  const commit = { projectId, workflowStepId, filePath: uploaded.path };
  await ok(api.post(contract.workflow.commit.path, commit, artist.token), 'commit');
}

/** Prints rows as an aligned table. */
export function table(rows: Record<string, string | number>[]): void {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0] as object);
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i] ?? 0)).join('  ');
  console.log(line(keys));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(keys.map((k) => String(r[k] ?? ''))));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
