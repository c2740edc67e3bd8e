/**
 * trial:abuse's attacks on team invitations (docs/access.md, "Inviting"; issue 39, attacks 5 and
 * 8): invitations that outlive their inviter's right, the mail cannon of withdraw and invite
 * again, and parts offered by someone who may not give them or to someone who may not hold them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RATE_LIMITS } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { tally } from './abuse-resources.js';
import type { Ctx } from './abuse-world.js';
import {
  addChapter,
  assignEditor,
  createProject,
  join,
  ok,
  type Person,
  recruit,
  signUp,
  sleep,
} from './lib.js';

type Part = { posId: number; chapterId: number | null };
const WHOLE_ASSISTANT: Part = { posId: 6, chapterId: null };
const WHOLE_MAIN_ARTIST: Part = { posId: 2, chapterId: null };

/**
 * The shipped caps (docs/access.md, "Inviting"): invitations an inviter and a project send an
 * hour, and mails to one address an hour (its sign-up mail and its invitations' notices together).
 */
export const PER_INVITER = RATE_LIMITS.invitationsPerInviter;
export const PER_PROJECT = RATE_LIMITS.invitationsPerProject;
export const PER_ADDRESS = RATE_LIMITS.mailPerEmail;
/** A bound on the cannon's time, whatever the server's speed (its calls end at the caps). */
const CANNON_MS = 60_000;
/** Refusals in a row after which an inviter stops: the cap holds, not a passing refusal. */
const REFUSALS_SEEN = 3;

const invite = (ctx: Ctx, from: Person, projectId: number, to: Person, part: Part) =>
  ctx.api.post(contract.invitations.invite.path, { projectId, userId: to.id, part }, from.token);

/** The id of the invitee's newest waiting invitation, or null. */
async function newestOf(ctx: Ctx, who: Person): Promise<number | null> {
  const mine = await ok(ctx.api.post(contract.invitations.mine.path, {}, who.token), 'my invitations');
  return (mine.list as { id: number }[]).at(0)?.id ?? null;
}

/** The invitee accepts invitation `id` (their newest waiting one when not given): the answer, or null when none waits. */
async function accept(ctx: Ctx, who: Person, id?: number | null) {
  const invitationId = id ?? (await newestOf(ctx, who));
  if (!invitationId) return null;
  return ctx.api.post(contract.invitations.answer.path, { invitationId, accept: true }, who.token);
}

const allow = (ctx: Ctx, founder: Person, projectId: number, who: Person, yes: boolean) =>
  ok(
    ctx.api.post(
      contract.invitations.allowInviter.path,
      { projectId, userId: who.id, allow: yes },
      founder.token,
    ),
    'allow',
  );

/** A founder's project with four main artists, all allowed to invite. */
async function projectWithInviters(ctx: Ctx) {
  const founder = await signUp(ctx.api, 'creator');
  const projectId = await createProject(ctx.api, founder);
  await recruit(ctx.api, founder, projectId, [2], 4);
  const inviters: Person[] = [];
  for (let i = 0; i < 4; i++) {
    const member = await signUp(ctx.api, 'creator');
    await join(ctx.api, founder, member, projectId, 2);
    await allow(ctx, founder, projectId, member, true);
    inviters.push(member);
  }
  return { founder, projectId, inviters: inviters as [Person, Person, Person, Person] };
}

const answerText = (a: { http: number; body: { info?: string } } | null) =>
  a ? `${a.http}${a.body?.info ? ` ${a.body.info}` : ''}` : 'no invitation';

/** 5: invitations whose inviter lost the right; then the mail cannon against the hourly caps. */
export async function invitations(ctx: Ctx) {
  const { founder, projectId, inviters } = await projectWithInviters(ctx);
  const [taken, removed] = [await signUp(ctx.api, 'creator'), await signUp(ctx.api, 'creator')];
  await ok(invite(ctx, inviters[0], projectId, taken, WHOLE_ASSISTANT), 'invite');
  await ok(invite(ctx, inviters[1], projectId, removed, WHOLE_ASSISTANT), 'invite');
  // Kept from before: an invitation the server dropped is still answered by its id, as a stale screen would.
  const [takenId, removedId] = [await newestOf(ctx, taken), await newestOf(ctx, removed)];
  await allow(ctx, founder, projectId, inviters[0], false);
  const body = { projectId, userId: inviters[1].id };
  await ok(ctx.api.post(contract.projects.removeMember.path, body, founder.token), 'remove member');
  const afterTaken = await accept(ctx, taken, takenId);
  const afterRemoved = await accept(ctx, removed, removedId);
  ctx.note(
    `accepted after the right was taken back: ${answerText(afterTaken)}; after the inviter was removed: ${answerText(afterRemoved)}`,
  );
  if (afterTaken?.http === 200)
    ctx.fail('an invitation was accepted after its inviter lost the right to invite');
  if (afterRemoved?.http === 200) ctx.fail('an invitation was accepted after its inviter was removed');
  await cannon(ctx, { founder, projectId, others: [inviters[2], inviters[3]], early: [taken, removed] });
}

/** What one inviter's calls were answered. */
interface Sent {
  ok: number;
  refused: { http: number; retryAfter: number | null | undefined }[];
  /** A refusal came before the cap: its answer. */
  early: string | null;
}

interface Cannon {
  founder: Person;
  projectId: number;
  /** Inviters of the same project, for its own cap. */
  others: Person[];
  /** The two invited before the cannon (their invitations count for the project). */
  early: Person[];
}

/**
 * Invite, withdraw, invite again until refused: the founder by mail to fresh addresses and, every
 * other call, to one registered account; then two other inviters by mail until the project's cap.
 */
async function cannon(ctx: Ctx, c: Cannon) {
  const target = await signUp(ctx.api, 'creator');
  const tag = `cannon${process.pid}x${Date.now().toString(36)}`;
  const before = new Set(fs.readdirSync(ctx.api.mailDir).filter((f) => f.endsWith('.eml')));
  const since = performance.now();
  const withdrawAll = async () => {
    const list = await ok(
      ctx.api.post(contract.invitations.ofProject.path, { projectId: c.projectId }, c.founder.token),
      'list',
    );
    for (const r of (list.list as { id: number; withdrawable: boolean }[]).filter((r) => r.withdrawable))
      await ctx.api.post(
        contract.invitations.withdraw.path,
        { projectId: c.projectId, invitationId: r.id },
        c.founder.token,
      );
  };
  /** `who` invites until refused REFUSALS_SEEN times in a row; `cap` is where refusals may start. */
  const fire = async (who: Person, label: string, cap: number, direct: boolean): Promise<Sent> => {
    const sent: Sent = { ok: 0, refused: [], early: null };
    for (let i = 0; sent.refused.length < REFUSALS_SEEN && performance.now() - since < CANNON_MS; i++) {
      const answer =
        direct && i % 2 === 1
          ? await invite(ctx, who, c.projectId, target, WHOLE_ASSISTANT)
          : await ctx.api.post(
              contract.invitations.inviteByMail.path,
              { projectId: c.projectId, email: `${tag}-${label}-${i}@example.com`, part: WHOLE_ASSISTANT },
              who.token,
            );
      if (answer.http === 200) {
        sent.ok += 1;
        await withdrawAll();
        continue;
      }
      sent.refused.push({ http: answer.http, retryAfter: answer.retryAfter });
      if (sent.ok < cap && !sent.early) sent.early = answerText(answer);
    }
    return sent;
  };
  const founder = await fire(c.founder, 'f', PER_INVITER.max, true);
  const projectLeft = PER_PROJECT.max - c.early.length - founder.ok;
  const others: Sent[] = [];
  for (const [n, who] of c.others.entries())
    others.push(await fire(who, `o${n}`, n === 0 ? Math.min(PER_INVITER.max, projectLeft) : 0, false));
  // The mail job writes what was queued.
  await sleep(5_000);
  // Only the written mails: a `.eml.tmp` is one being written (and renamed meanwhile).
  const all = fs.readdirSync(ctx.api.mailDir).filter((f) => f.endsWith('.eml'));
  const read = (f: string) => fs.readFileSync(path.join(ctx.api.mailDir, f), 'utf8').toLowerCase();
  const fresh = all.filter((f) => !before.has(f)).map(read);
  const toTag = (label: string) => fresh.filter((m) => m.includes(`${tag}-${label}-`.toLowerCase())).length;
  const everTo = (p: Person) => all.map(read).filter((m) => m.includes(p.email.toLowerCase())).length;
  // Every one of these accounts got its sign-up mail; the rest are invitation notices.
  const targetMails = everTo(target);
  const founderMails = toTag('f') + targetMails - 1;
  const earlyMails = c.early.reduce((n, p) => n + everTo(p) - 1, 0);
  const projectMails = founderMails + others.reduce((n, _, i) => n + toTag(`o${i}`), 0) + earlyMails;
  const projectOk = c.early.length + founder.ok + others.reduce((n, o) => n + o.ok, 0);
  const refusals = [founder, ...others].flatMap((s) => s.refused);
  ctx.count(
    `inviter ${founder.ok}/${PER_INVITER.max}, project ${projectOk}/${PER_PROJECT.max}, one address ${targetMails}/${PER_ADDRESS.max} mails`,
  );
  ctx.note(
    `cannon ${Math.round((performance.now() - since) / 1000)} s: the founder's invitations ${founder.ok} × 200 (cap ${PER_INVITER.max}), ` +
      `the other inviters' ${others.map((o) => o.ok).join(' and ')} (project ${projectOk} with the 2 before, cap ${PER_PROJECT.max}); ` +
      `refusals ${tally(refusals.map((r) => r.http))}, retry-after ${[...new Set(refusals.map((r) => r.retryAfter))].join(', ')} s; ` +
      `mails: the founder's ${founderMails}, the project's ${projectMails}, to the one account ${targetMails} with its sign-up (cap ${PER_ADDRESS.max})`,
  );
  if (founder.ok > PER_INVITER.max) ctx.fail(`one inviter sent ${founder.ok} invitations in the hour`);
  if (founderMails > PER_INVITER.max) ctx.fail(`one inviter's invitations sent ${founderMails} mails`);
  for (const o of others)
    if (o.ok > PER_INVITER.max) ctx.fail(`one inviter sent ${o.ok} invitations in the hour`);
  if (projectOk > PER_PROJECT.max) ctx.fail(`one project sent ${projectOk} invitations in the hour`);
  if (projectMails > PER_PROJECT.max) ctx.fail(`one project's invitations sent ${projectMails} mails`);
  if (targetMails > PER_ADDRESS.max) ctx.fail(`${targetMails} mails to one address in the hour`);
  for (const s of [founder, ...others])
    if (s.early) ctx.fail(`an invitation refused before its cap: ${s.early}`);
  if (refusals.length < REFUSALS_SEEN * (1 + others.length))
    ctx.fail(`the cannon was not refused within ${CANNON_MS / 1000} s`);
  for (const r of refusals) {
    if (r.http !== 429) ctx.fail(`a refusal answered ${r.http}, not 429`);
    else if (!(r.retryAfter && r.retryAfter > 0 && r.retryAfter <= 3600))
      ctx.fail(`a 429 with retry-after ${r.retryAfter}`);
  }
}

/** 8: a chapter-only assistant offers the whole project's main artist part; the editor in charge is offered a creator part. */
export async function partRights(ctx: Ctx) {
  const founder = await signUp(ctx.api, 'creator');
  const projectId = await createProject(ctx.api, founder);
  const chapterId = await addChapter(ctx.api, founder, projectId, 1);
  const assistant = await signUp(ctx.api, 'creator', [6]);
  await ok(invite(ctx, founder, projectId, assistant, { posId: 6, chapterId }), 'invite the assistant');
  const joined = await accept(ctx, assistant);
  if (joined?.http !== 200) throw new Error(`the assistant's accept: ${answerText(joined)}`);
  await allow(ctx, founder, projectId, assistant, true);
  const offered = await signUp(ctx.api, 'creator');
  const byAssistant = await invite(ctx, assistant, projectId, offered, WHOLE_MAIN_ARTIST);
  const offeredTook = byAssistant.http === 200 ? await accept(ctx, offered) : null;
  const editor = await signUp(ctx.api, 'editor');
  await assignEditor(ctx.api, founder, editor, projectId);
  const toEditor = await invite(ctx, founder, projectId, editor, WHOLE_MAIN_ARTIST);
  const editorTook = toEditor.http === 200 ? await accept(ctx, editor) : null;
  ctx.note(
    `chapter assistant offers the whole main artist part: ${answerText(byAssistant)}, accepted ${answerText(offeredTook)}; ` +
      `editor in charge offered it: ${answerText(toEditor)}, accepted ${answerText(editorTook)}`,
  );
  if (offeredTook?.http === 200)
    ctx.fail("a chapter-only assistant's offer of the whole main artist part was taken");
  else if (byAssistant.http === 200)
    ctx.fail('a chapter-only assistant could offer the whole main artist part');
  if (editorTook?.http === 200) ctx.fail('the editor in charge took a creator part');
  else if (toEditor.http === 200) ctx.fail('the editor in charge could be offered a creator part');
}
