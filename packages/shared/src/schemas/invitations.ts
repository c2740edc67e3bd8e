import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { emailField, newPasswordField, nicknameField } from './accounts.js';
import { rowId } from './common.js';
import { singleLineText } from './single-line.js';
import { memberPart } from './team.js';

const id = rowId();

/**
 * Team invitations (docs/access.md, "Inviting"): the founder offers a person a part (a position,
 * for the whole project or one chapter) directly, by account or by a link sent by mail; the person
 * accepts or declines. Unlike a recruitment, nobody applies and nothing is public.
 */
export const inviteMemberBody = z.object({ projectId: id, userId: id, part: memberPart });
export type InviteMemberBody = z.input<typeof inviteMemberBody>;

/**
 * People to invite, found by nickname among every active account: creators, assistants and
 * editors alike, unlike the person search, which shows only the other kind (docs/matching.md).
 */
export const invitePeopleBody = z.object({
  projectId: id,
  nick: singleLineText(LIMITS.searchNickMax).pipe(z.string().min(1, { error: 'inviteNickRequired' })),
});
export const invitePeopleData = z.object({
  list: z.array(z.object({ id: z.number(), nickname: z.string() })),
});
export type InvitePeopleData = z.infer<typeof invitePeopleData>;

/** An invitation sent as a link by mail, to someone who may have no account yet. */
export const inviteByMailBody = z.object({ projectId: id, email: emailField, part: memberPart });
export type InviteByMailBody = z.input<typeof inviteByMailBody>;

/** The founder allows a member to invite (allow) or takes it back (docs/access.md, "Inviting"). */
export const allowInviterBody = z.object({ projectId: id, userId: id, allow: z.boolean() });
export type AllowInviterBody = z.input<typeof allowInviterBody>;

/** One invitation of a project, named by the founder or its inviter (withdraw). */
export const projectInvitationBody = z.object({ projectId: id, invitationId: id });

/** The invited person's answer to an invitation addressed to their account. */
export const answerInvitationBody = z.object({ invitationId: id, accept: z.boolean() });
export type AnswerInvitationBody = z.input<typeof answerInvitationBody>;

/** The secret of a mail invitation's link (`/invitation?token=<token>`); only its hash is stored. */
export const invitationTokenBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const answerInvitationLinkBody = invitationTokenBody.extend({ accept: z.boolean() });
/**
 * POST /api/user/registerInvited: the shortest sign-up, for whoever holds a mail invitation's link
 * (docs/accounts.md, "Signing up from an invitation"). The address must be the one the link went
 * to; the account's kind follows from the invitation, what it wants from the offered part, and
 * the rest of the profile is filled in later.
 */
export const registerInvitedBody = invitationTokenBody.extend({
  email: emailField,
  nickname: nicknameField,
  password: newPasswordField,
});
export type RegisterInvitedBody = z.input<typeof registerInvitedBody>;
export type AnswerInvitationLinkBody = z.input<typeof answerInvitationLinkBody>;

const person = z.object({ id: z.number(), nickname: z.string() });

/** The part an invitation offers, named for the screen. */
const offeredPart = {
  pos_id: z.number(),
  position: z.string(),
  /** null: the whole project. */
  chapter_id: z.number().nullable(),
  chapter_title: z.string().nullable(),
};

/**
 * The list of the founder and the members allowed to invite: invitations still waiting, and those
 * answered or withdrawn lately.
 */
export const projectInvitationsData = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      /** The invited account; null for a mail invitation no account has taken yet. */
      invitee: person.nullable(),
      /**
       * The address a mail invitation went to, shown only to the founder and to whoever sent it;
       * null for one addressed to an account, or when the reader may not see it.
       */
      email: z.string().nullable(),
      /** Who sent it: the founder or a member she allowed to invite. */
      inviter: person,
      /** Whether the reader may withdraw it once waiting: the founder any, an inviter their own. */
      withdrawable: z.boolean(),
      ...offeredPart,
      /** TeamInvitationStatus. */
      status: z.string(),
      created_at: z.string(),
      expires_at: z.string(),
    }),
  ),
});
export type ProjectInvitationsData = z.infer<typeof projectInvitationsData>;

/** The caller's invitations waiting for an answer (the to-do and the invitations page). */
export const myInvitationsData = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      project: z.object({ id: z.number(), title: z.string() }),
      inviter: person,
      ...offeredPart,
      created_at: z.string(),
      expires_at: z.string(),
    }),
  ),
});
export type MyInvitationsData = z.infer<typeof myInvitationsData>;

/** What a mail invitation's link offers, shown before logging in (the link is the secret). */
export const invitationLinkData = z.object({
  project_title: z.string(),
  inviter: z.string(),
  ...offeredPart,
  /** TeamInvitationStatus: only a pending one can be answered. */
  status: z.string(),
  expires_at: z.string(),
  /**
   * The address the link was mailed to: the sign-up it leads to fills it in (issue 40 #14). Only
   * who holds the link, which went to that address, reads it.
   */
  email: z.string().nullable(),
});
export type InvitationLinkData = z.infer<typeof invitationLinkData>;

/** Where an answered invitation leads: the project joined (or not). */
export const answeredInvitationData = z.object({ projectId: z.number() });

/** The ongoing projects the caller may invite to: founded, or allowed by the founder (docs/access.md). */
export const invitableProjectsData = z.object({
  list: z.array(z.object({ projectId: z.number(), title: z.string() })),
});
