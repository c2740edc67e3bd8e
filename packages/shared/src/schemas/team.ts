import { z } from 'zod';
import { POSITIONS } from '../reference.js';
import { rowId } from './common.js';

const id = rowId();

/** A member of a project, named by the founder (remove) or by the caller (their own open work). */
export const projectMemberBody = z.object({ projectId: id, userId: id });
export type ProjectMemberBody = z.input<typeof projectMemberBody>;

/** A part a member holds: a position, for the whole project (chapterId null) or one chapter. */
export const memberPart = z.object({
  posId: z
    .number()
    .int()
    .refine((posId) => POSITIONS.some((p) => p.id === posId)),
  chapterId: id.nullable(),
});

/** The founder changes one part a member holds into another (docs/access.md, "Changing a part"). */
export const changeMemberBody = z.object({ projectId: id, userId: id, from: memberPart, to: memberPart });
export type ChangeMemberBody = z.input<typeof changeMemberBody>;
export type ChangeMember = z.infer<typeof changeMemberBody>;

/** A person a step can be handed to: a holder of the step's position in its chapter, or the founder. */
const handOverCandidate = z.object({ id: z.number(), nickname: z.string() });

/**
 * The steps a member still has to do in a project (not approved), each with who may take it: what
 * must be handed over before the member leaves or is removed (docs/access.md, "Leaving a project").
 */
export const memberWorkData = z.object({
  user_id: z.number(),
  nickname: z.string(),
  steps: z.array(
    z.object({
      step_id: z.number(),
      chapter_id: z.number(),
      chapter_title: z.string(),
      page_num: z.number(),
      pos_id: z.number(),
      position: z.string(),
      /** StepStatus. */
      status: z.number(),
      candidates: z.array(handOverCandidate),
    }),
  ),
});
export type MemberWorkData = z.infer<typeof memberWorkData>;

/** The founder gives a step that is not approved yet to another member who may take it. */
export const handOverBody = z.object({ projectId: id, chapterId: id, stepId: id, toUserId: id });
export type HandOverBody = z.input<typeof handOverBody>;

/** A page of the project's activity, newest first. */
export const projectEventsBody = z.object({
  projectId: id,
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ProjectEventsBody = z.input<typeof projectEventsBody>;

const person = z.object({ id: z.number(), nickname: z.string() });

export const projectEventsData = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      /** ProjectEventKind. */
      kind: z.string(),
      actor: person,
      /** The member the change concerns when not the actor: removed, or the step's former owner. */
      subject: person.nullable(),
      /** Who a step was handed to. */
      recipient: person.nullable(),
      /** The position taken (a member joining) or of the handed-over step. */
      position: z.string().nullable(),
      /** A changed part's chapter, as named then; null for the whole project or another kind. */
      chapter_title: z.string().nullable(),
      /** A handed-over step: its chapter and page number, as named then. */
      step: z.object({ chapter_title: z.string(), page_num: z.number() }).nullable(),
      at: z.string(),
    }),
  ),
  total: z.number(),
  page_size: z.number(),
});
export type ProjectEventsData = z.infer<typeof projectEventsData>;
