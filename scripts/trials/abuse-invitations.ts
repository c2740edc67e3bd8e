/**
 * trial:abuse's attacks on team invitations (docs/access.md, "Inviting"; issue 39, attacks 5 and
 * 8): invitations that outlive their inviter's right, the mail cannon of withdraw and invite
 * again, and parts offered by someone who may not give them or to someone who may not hold them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LIMITS, RATE_LIMITS } from '@koma/shared';
import { contract } from '@koma/shared/contract';
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

/** The cannon's caps: no more mails in its minute than a project may have invitations waiting, nor to one address than its hourly mail limit. */
export const CANNON_FRESH_MAX = LIMITS.teamInvitationsPendingMax;
export const CANNON_ONE_MAX = RATE_LIMITS.mailPerEmail.max;
const CANNON_MS = 60_000;
/** A bound on the cannon's calls, whatever the server's speed. */
const CANNON_ROUNDS = 1_500;

const invite = (ctx: Ctx, from: Person, projectId: number, to: Person, part: Part) =>
  ctx.api.post(contract.invitations.invite.path, { projectId, userId: to.id, part }, from.token);

/** The invitee accepts their newest invitation: the answer, or null when none waits. */
async function accept(ctx: Ctx, who: Person) {
  const mine = await ok(ctx.api.post(contract.invitations.mine.path, {}, who.token), 'my invitations');
  const newest = (mine.list as { id: number }[]).at(0);
  if (!newest) return null;
  return ctx.api.post(contract.invitations.answer.path, { invitationId: newest.id, accept: true }, who.token);
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

/** A founder's project with two main artists, both allowed to invite. */
async function projectWithInviters(ctx: Ctx) {
  const founder = await signUp(ctx.api, 'creator');
  const projectId = await createProject(ctx.api, founder);
  await recruit(ctx.api, founder, projectId, [2], 2);
  const inviters: Person[] = [];
  for (let i = 0; i < 2; i++) {
    const member = await signUp(ctx.api, 'creator');
    await join(ctx.api, founder, member, projectId, 2);
    await allow(ctx, founder, projectId, member, true);
    inviters.push(member);
  }
  return { founder, projectId, inviters: inviters as [Person, Person] };
}

const answerText = (a: { http: number; body: { info?: string } } | null) =>
  a ? `${a.http}${a.body?.info ? ` ${a.body.info}` : ''}` : 'no invitation';

/** 5: invitations whose inviter lost the right; then the mail cannon. */
export async function invitations(ctx: Ctx) {
  const { founder, projectId, inviters } = await projectWithInviters(ctx);
  const [taken, removed] = [await signUp(ctx.api, 'creator'), await signUp(ctx.api, 'creator')];
  await ok(invite(ctx, inviters[0], projectId, taken, WHOLE_ASSISTANT), 'invite');
  await ok(invite(ctx, inviters[1], projectId, removed, WHOLE_ASSISTANT), 'invite');
  await allow(ctx, founder, projectId, inviters[0], false);
  const body = { projectId, userId: inviters[1].id };
  await ok(ctx.api.post(contract.projects.removeMember.path, body, founder.token), 'remove member');
  const afterTaken = await accept(ctx, taken);
  const afterRemoved = await accept(ctx, removed);
  ctx.note(
    `accepted after the right was taken back: ${answerText(afterTaken)}; after the inviter was removed: ${answerText(afterRemoved)}`,
  );
  if (afterTaken?.http === 200)
    ctx.fail('an invitation was accepted after its inviter lost the right to invite');
  if (afterRemoved?.http === 200) ctx.fail('an invitation was accepted after its inviter was removed');
  await cannon(ctx, founder, projectId);
}

/** Withdraw and invite again for a minute: fresh addresses by mail, and one registered account. */
async function cannon(ctx: Ctx, founder: Person, projectId: number) {
  const target = await signUp(ctx.api, 'creator');
  const tag = `cannon${process.pid}x${Date.now().toString(36)}`;
  const before = new Set(fs.readdirSync(ctx.api.mailDir));
  const since = performance.now();
  const sent = { fresh: 0, one: 0, refused: 0 };
  const waiting = async (match: (r: { invitee: { id: number } | null; email: string | null }) => boolean) => {
    const list = await ok(
      ctx.api.post(contract.invitations.ofProject.path, { projectId }, founder.token),
      'list',
    );
    return (
      list.list as {
        id: number;
        status: string;
        withdrawable: boolean;
        invitee: { id: number } | null;
        email: string | null;
      }[]
    ).filter((r) => r.withdrawable && match(r));
  };
  const withdraw = async (id: number) =>
    ctx.api.post(contract.invitations.withdraw.path, { projectId, invitationId: id }, founder.token);
  for (let round = 0; round < CANNON_ROUNDS && performance.now() - since < CANNON_MS; round++) {
    const email = `${tag}-${round}@example.com`;
    const byMail = await ctx.api.post(
      contract.invitations.inviteByMail.path,
      { projectId, email, part: WHOLE_ASSISTANT },
      founder.token,
    );
    const direct = await invite(ctx, founder, projectId, target, WHOLE_ASSISTANT);
    if (byMail.http === 200) sent.fresh += 1;
    if (direct.http === 200) sent.one += 1;
    if (byMail.http !== 200 && direct.http !== 200) sent.refused += 1;
    for (const r of await waiting((r) => r.invitee?.id === target.id || (r.email ?? '').startsWith(tag)))
      await withdraw(r.id);
    if (sent.refused > 20) break;
  }
  // The mail job writes what was queued.
  await sleep(5_000);
  const mails = fs
    .readdirSync(ctx.api.mailDir)
    .filter((f) => !before.has(f))
    .map((f) => fs.readFileSync(path.join(ctx.api.mailDir, f), 'utf8').toLowerCase());
  const fresh = mails.filter((m) => m.includes(tag.toLowerCase())).length;
  const one = mails.filter((m) => m.includes(target.email.toLowerCase())).length;
  ctx.note(
    `cannon ${Math.round((performance.now() - since) / 1000)} s: ${sent.fresh} mail invitations and ${sent.one} to one account answered 200; ` +
      `mails written: ${fresh} to fresh addresses (cap ${CANNON_FRESH_MAX}), ${one} to the one account (cap ${CANNON_ONE_MAX})`,
  );
  if (fresh > CANNON_FRESH_MAX) ctx.fail(`${fresh} invitation mails to fresh addresses in a minute`);
  if (one > CANNON_ONE_MAX) ctx.fail(`${one} invitation mails to one account in a minute`);
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
