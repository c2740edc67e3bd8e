import { z } from 'zod';
import { CHAPTER_LEVEL_POSITIONS, PROJECT_LEVEL_POSITIONS } from '../enums.js';
import { LIMITS } from '../limits.js';
import { CREATIVECAPS, GENRES } from '../reference.js';
import { referenceIds, rowId } from './common.js';
import { day } from './day.js';
import { pageRenditions } from './page-renditions.js';
import { uploadPathField } from './people.js';
import { singleLineText } from './single-line.js';

const id = rowId;

/** POST /api/project/dealProject: create, or edit with projectId. Checked in the spec's order. */
export const dealProjectBody = z.object({
  projectId: id().nullish(),
  icon: z.string({ error: 'coverRequired' }).trim().min(1, { error: 'coverRequired' }).max(300),
  title: singleLineText(LIMITS.projectTitleMax, { required: 'titleRequired', tooLong: 'titleTooLong' }),
  kind: z.union([z.literal(1), z.literal(2)], { error: 'mangaTypeRequired' }),
  type: z.union([z.literal(1), z.literal(2)], { error: 'productionKindRequired' }),
  creativecap: referenceIds(CREATIVECAPS, 'projectCreativecapRequired'),
  typeb: referenceIds(GENRES, 'genreRequired'),
  content: z
    .string({ error: 'summaryRequired' })
    .trim()
    .min(1, { error: 'summaryRequired' })
    .max(LIMITS.projectSummaryMax, { error: 'summaryTooLong' }),
  proposals: uploadPathField,
  proposalfile: singleLineText(255).default(''),
});
export type DealProjectBody = z.input<typeof dealProjectBody>;
export const dealProjectData = z.object({ projectId: z.number() });

/**
 * POST /api/project/searchProject: my (1) or joined (2) projects, split ongoing / completed, the
 * last changed first.
 */
export const searchProjectBody = z.object({
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  keyword: singleLineText(60).default(''),
});
export const projectListItem = z.object({
  proId: z.number(),
  title: z.string(),
  image: z.string(),
  nick: z.string(),
  upTime: z.string(),
  kind: z.number(),
  type: z.number(),
  status: z.number(),
  /** The newest chapter, the production progress and `upTime`, as on a project card (projectCard). */
  chaId: z.number().nullable(),
  percent: z.number(),
  recruit_pos: z.array(z.object({ posid: z.number(), position: z.string() })),
});
export type ProjectListItem = z.infer<typeof projectListItem>;
export const searchProjectData = z.object({ goon: z.array(projectListItem), over: z.array(projectListItem) });

export const proIdQuery = z.object({
  proId: rowId(),
});
export const projectMember = z.object({
  userId: z.number(),
  userName: z.string(),
  userImg: z.string(),
  /** MemberKind: 1 founder, 2 member, 3 editor in charge. */
  kind: z.number(),
  /** Position names held in the project ('' for the founder and the editor). */
  role: z.string(),
  positions: z.array(z.number()),
  /**
   * Each part held (a position for the whole project, or for one chapter): what the founder's
   * "change part" dialog starts from (docs/access.md, "Changing a part"). Empty for the founder
   * and the editor in charge.
   */
  parts: z.array(
    z.object({
      pos_id: z.number(),
      position: z.string(),
      chapter_id: z.number().nullable(),
      chapter_title: z.string().nullable(),
    }),
  ),
  isFriend: z.boolean(),
});
/** GET /api/project/projectDetail?proId=. */
export const projectDetailData = z.object({
  proId: z.number(),
  title: z.string(),
  /** The cover's path, as the form saves it; screens show its `renditions`, not the original. */
  icon: z.string(),
  /** The cover's renditions (docs/renditions.md); null without an uploaded cover. */
  renditions: pageRenditions.nullable(),
  kind: z.number(),
  type: z.number(),
  typeb: z.array(z.number()),
  creativecap: z.array(z.number()),
  proposals: z.string(),
  proposalfile: z.string(),
  /** A signed, short-lived download link of the proposal file ('' without one). */
  proposalUrl: z.string(),
  content: z.string(),
  status: z.number(),
  userid: z.number(),
  nick: z.string(),
  upTime: z.string(),
  users: z.array(projectMember),
  editor: z.object({ uid: z.number(), nick: z.string() }).nullable(),
  /** What the caller may do: the web shows the operations from these. */
  isMember: z.boolean(),
  isFounder: z.boolean(),
  /** The founder, the editor in charge or an editorial seat: sets the print specification (docs/access.md). */
  isEditorial: z.boolean(),
  /** The founder, or a member she allowed to invite (docs/access.md, "Inviting"). */
  mayInvite: z.boolean(),
  /** The members allowed to invite, for the founder's switches (empty for a non-member). */
  inviters: z.array(z.number()),
});
export type ProjectDetailData = z.infer<typeof projectDetailData>;

export const projectIdBody = z.object({ projectId: id() });
export const proIdBody = z.object({ proId: id() });
export const invitEditorListData = z.object({
  list: z.array(z.object({ uid: z.number(), nick: z.string(), pic: z.string() })),
});
export const invitEditorBody = z.object({
  projectid: id(),
  userid: id('editorRequired'),
  /** The founder's own words to the editor, plain text, shown in the notice and its mail. */
  message: z
    .string()
    .trim()
    .max(LIMITS.invitationMessageMax, { error: 'invitationMessageTooLong' })
    .default(''),
});
/**
 * POST /api/project/invitEditorList: with no keyword, the editors matched with or befriended by
 * the founder; with one, active editor accounts whose name holds it or whose address is it.
 */
export const editorCandidatesBody = z.object({
  proId: id(),
  keyword: singleLineText(LIMITS.searchNickMax).default(''),
});
export const dealInvitEditorBody = z.object({
  projectId: id(),
  checkStatus: z.union([z.literal(1), z.literal(2)]),
});

/** POST /api/project/search: projects recruiting, with similarity to the caller. */
export const projectSearchBody = z.object({
  keywords: singleLineText(60).default(''),
  typeb: z.array(z.number().int()).max(30).default([]),
  creativecap: z.array(z.number().int()).max(2).default([]),
  join_status: z.union([z.literal(1), z.literal(2), z.literal(21), z.literal(22)]).nullish(),
  kind: z.union([z.literal(1), z.literal(2)]).nullish(),
  is_match: z.boolean().default(false),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(LIMITS.projectSearchPageSize),
});
export const projectSearchItem = z.object({
  project_id: z.number(),
  project_title: z.string(),
  project_icon: z.string(),
  nick: z.string(),
  kind: z.number(),
  similar: z.number(),
  join_status: z.number(),
  recruit_pos: z.array(z.object({ posid: z.number(), position: z.string() })),
  chapter_id: z.number().nullable(),
});
export type ProjectSearchItem = z.infer<typeof projectSearchItem>;
export const projectSearchData = z.object({ list: z.array(projectSearchItem), total: z.number() });

// --- recruitment --------------------------------------------------------------------------

const recruitKind = z.union([z.literal(1), z.literal(2)]);
const recruitable = new Set<number>([...PROJECT_LEVEL_POSITIONS, ...CHAPTER_LEVEL_POSITIONS]);
/** The period's days (the date pickers'). */
const recruitDay = day({ required: 'recruitDatesRequired', invalid: 'recruitDayInvalid' });

export const recruitAddBody = z.object({
  kind: recruitKind,
  projectId: id(),
  stime: recruitDay,
  etime: recruitDay,
  positions: z
    .array(
      z.object({
        position_id: z
          .number()
          .int()
          .refine((p) => recruitable.has(p), { error: 'recruitPositionsRequired' }),
        num: z.number().int().min(0, { error: 'recruitPositionsRequired' }).max(LIMITS.recruitNumMax),
      }),
    )
    .max(20)
    .transform((list) => list.filter((p) => p.num > 0))
    .refine((list) => list.length > 0, { error: 'recruitPositionsRequired' }),
  condition: z.string().trim().max(LIMITS.recruitConditionMax, { error: 'conditionTooLong' }).default(''),
  chapterId: id('recruitChapterRequired').nullish(),
});
export type RecruitAddBody = z.input<typeof recruitAddBody>;
/**
 * POST /api/recruit/update: the founder changes the scheduled (not yet started) recruitment of
 * the target (kind, projectId, chapterId) to these dates, positions and requirements.
 */
export const recruitUpdateBody = recruitAddBody;

export const recruitTargetBody = z.object({
  kind: recruitKind,
  projectId: id(),
  chapterId: id('recruitEndChapterRequired').nullish(),
});
export const recruitDetail = z.object({
  id: z.number(),
  kind: z.number(),
  stime: z.string(),
  etime: z.string(),
  condition: z.string(),
  /** 1 recruiting (state ONGOING), otherwise 0. */
  isongoing: z.number(),
  /** RecruitState: 0 scheduled, 1 ongoing, 2 ended. */
  state: z.number(),
  chapterId: z.number().nullable(),
  details: z.array(
    z.object({
      position_id: z.number(),
      position: z.string(),
      num: z.number(),
      applynum: z.number(),
      donenum: z.number(),
      /** As many accepted as its number: the position takes no more applicants (締切). */
      filled: z.boolean(),
      /** The caller has applied for this position of this recruitment (応募済み). */
      applied: z.boolean(),
    }),
  ),
});
export type RecruitDetail = z.infer<typeof recruitDetail>;
/** The newest recruitment of the target (ongoing or not), and the earlier ones. */
export const recruitDetailData = z.object({
  detail: recruitDetail.nullable(),
  history: z.array(recruitDetail),
});

export const applicant = z.object({
  id: z.number(),
  status: z.number(),
  user: z.object({ id: z.number(), nickname: z.string(), pic: z.string() }),
  position: z.string(),
  pos_id: z.number(),
  apply_user_id: z.number(),
  projectid: z.number(),
  message: z.string(),
  create_time: z.string(),
});
export const applyListData = z.object({ result: z.array(applicant) });
export const applyBody = z.object({
  kind: recruitKind,
  projectId: id(),
  posId: z.number().int().positive({ error: 'positionNotRecruited' }),
  chapterId: id().nullish(),
  message: z.string().trim().max(LIMITS.requestMessageMax, { error: 'messageTooLong' }).default(''),
});
export const applicantDecisionBody = z.object({
  projectId: id(),
  kind: recruitKind,
  posId: z.number().int().positive().max(LIMITS.idMax),
  userId: id(),
  chapterId: id().nullish(),
});
