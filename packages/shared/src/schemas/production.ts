import { z } from 'zod';
import { CheckStatus } from '../enums.js';
import { LIMITS } from '../limits.js';
import { chapterAddBody } from './chapters.js';
import { rowId, wholeNumber } from './common.js';
import { markCounts } from './marks.js';
import { pageRenditions } from './page-renditions.js';
import { chapterForecast, stepDue } from './schedule.js';

/**
 * The production line (docs/production.md, docs/states.md): chapter
 * details and updates, draft (storyboard) pages, the page work flow and the final audit.
 */
const id = rowId();
const userBrief = z.object({ id: z.number(), nickname: z.string() });
const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });
const checkStatus = z.union([z.literal(CheckStatus.ACCEPT), z.literal(CheckStatus.REFUSE)], {
  error: 'checkStatusInvalid',
});

export const chapterRef = z.object({ projectId: id, chapterId: id });
export const pageRef = z.object({ projectId: id, pageId: id });
export const stepRef = z.object({ projectId: id, workflowStepId: id });
export const downloadUrlData = z.object({ downloadUrl: z.string() });

// --- chapters ------------------------------------------------------------------------------
/** POST /api/chapter/getDetails: the chapter, its project and what the caller may do with it. */
export const chapterDetailsData = z.object({
  id: z.number(),
  projectId: z.number(),
  project_title: z.string(),
  project_kind: z.number(),
  title: z.string(),
  icon: z.string(),
  status: z.number(),
  status_desc: z.string(),
  page: z.number(),
  scriptAt: z.string(),
  checkAt: z.string(),
  /** Final audit: null not submitted, 1 waiting, 10 passed, -10 rejected. */
  audit_status: z.number().nullable(),
  audit_remark: z.string(),
  /** The editor's reason when the storyboard was last rejected. */
  name_remark: z.string(),
  editor: userBrief.nullable(),
  viewer: z.object({
    is_founder: z.boolean(),
    is_editor: z.boolean(),
    /** The founder, the editor in charge or an editorial seat: may change the chapter's days and print spec. */
    is_editorial: z.boolean(),
    /** The editor in charge or an editorial seat (副担当, 編集長): reviews the storyboard. */
    is_editorial_desk: z.boolean(),
    is_main_artist: z.boolean(),
    /** May read and write the chapter's editorial thread (docs/notices.md, "The editorial thread"). */
    editorial_thread: z.boolean(),
  }),
});
export type ChapterDetails = z.infer<typeof chapterDetailsData>;

/**
 * POST /api/chapter/update (the episode-info dialog): the five fields of a new chapter; the page
 * count is read-only here (pages are added and deleted on the script screen), so it is ignored.
 */
export const chapterUpdateBody = chapterAddBody
  .omit({ page: true })
  .extend({ chapterId: id, page: z.unknown().optional() });
export type ChapterUpdateBody = z.input<typeof chapterUpdateBody>;

// --- draft (storyboard) pages: /api/page/* -------------------------------------------------
export const draftPage = z.object({
  id: z.number(),
  num: z.number(),
  /** A link to the page's thumbnail ('' before the first upload and until it is made). */
  icon: z.string(),
  renditions: pageRenditions.nullable(),
  status: z.number(),
  status_text: z.string(),
  /** Who uploaded the current file. */
  user: userBrief.nullable(),
  update_time: z.string(),
  note_count: z.number(),
  /** Red-pen marks still open on the storyboard page (docs/marks.md): approving asks first. */
  open_marks: z.number(),
  /** How many files the page was given: its history (pages.revisions) lists them (issue 40). */
  revisions: z.number(),
  /** The storyboard page's red-pen marks by state: the card says them as the viewer does (issue 30). */
  marks: markCounts,
});
export type DraftPage = z.infer<typeof draftPage>;
export const draftPageListData = z.object({
  list: z.array(draftPage),
  chapter: z.object({ status: z.number(), status_desc: z.string() }),
  /** Creators may add, delete, upload and submit (chapter status 1 or 5). */
  can_edit: z.boolean(),
  /** The editor in charge may review (chapter status 4). */
  can_review: z.boolean(),
});
export const pageAddData = z.object({ pageId: z.number() });
export const pageNoteListBody = pageRef.extend({
  page: wholeNumber(z.number().int().min(1)).default(1),
  pageSize: wholeNumber(z.number().int().min(1).max(LIMITS.pageNotePageSize)).default(
    LIMITS.pageNotePageSize,
  ),
});
export const pageNote = z.object({
  id: z.number(),
  content: z.string(),
  user: z.object({ id: z.number(), nickname: z.string(), pic: z.string() }),
  create_at: z.string(),
});
export const pageNoteListData = z.object({ list: z.array(pageNote), total: z.number() });
export const pageNoteAddBody = pageRef.extend({
  content: text(LIMITS.noteMax, 'noteRequired', 'noteTooLong'),
});
/**
 * POST /api/page/editorCheck: pass (1) or send back (2) one page. A send-back's reason (`remark`)
 * is kept as the page's comment; the screen asks for it (docs/production.md, "Reviewing the name").
 */
export const pageCheckBody = pageRef.extend({
  checkStatus,
  remark: z.string().trim().max(LIMITS.noteMax, { error: 'rejectReasonTooLong' }).default(''),
});
/** POST /api/chapter/editorCheckChapter: approve (1) or reject (2, reason required). */
export const chapterCheckBody = chapterRef.extend({
  checkStatus,
  chapterNote: z.string().trim().max(LIMITS.noteMax, { error: 'rejectReasonTooLong' }).default(''),
});

// --- page work flow: assignment (/chapter/settings) ----------------------------------------
export const positionMembersData = z.object({
  list: z.array(
    z.object({
      pos_id: z.number(),
      position: z.string(),
      members: z.array(z.object({ id: z.number(), nickname: z.string(), pic: z.string() })),
    }),
  ),
});
export const assignedStep = z.object({
  step_id: z.number(),
  pos_id: z.number(),
  position: z.string(),
  owner_user_id: z.number(),
  owner_nickname: z.string(),
  status: z.number(),
  /** A step that has left 0 cannot be moved or deleted ('削除禁止！'). */
  locked: z.boolean(),
  ...stepDue.shape,
});
export const pageAssignmentData = z.object({
  pages: z.array(
    z.object({
      page_id: z.number(),
      num: z.number(),
      /** A link to the page's thumbnail ('' until it is made). */
      icon: z.string(),
      renditions: pageRenditions.nullable(),
      steps: z.array(assignedStep),
    }),
  ),
  /** False once the final audit was requested (or passed): the flow can no longer change. */
  editable: z.boolean(),
});
/**
 * POST /api/workflow/savePositionMembers: each listed page's steps in order. Existing steps keep
 * their `stepId`; the locked ones must stay, in place. Pages not listed keep their steps.
 */
export const savePositionMembersBody = chapterRef.extend({
  pages: z
    .array(
      z.object({
        pageId: id,
        steps: z
          .array(
            z.object({
              stepId: id.nullish(),
              posId: wholeNumber(z.number().int().positive({ error: 'taskRequired' }), 'taskRequired'),
              ownerUserId: wholeNumber(
                z.number().int().positive({ error: 'assigneeRequired' }),
                'assigneeRequired',
              ),
            }),
          )
          .max(LIMITS.stepsPerPageMax, { error: 'stepsPerPageTooMany' }),
      }),
    )
    .min(1, { error: 'taskRequired' })
    .max(LIMITS.chapterPagesMax),
});
export type SavePositionMembersBody = z.input<typeof savePositionMembersBody>;

// --- page work flow: the work screen (/chapter/details) -----------------------------------
/**
 * Why a step was sent back: its latest sending back, given while the step stays sent back, so
 * the reason stands where the work is (docs/production.md).
 */
export const sendBack = z.object({
  remark: z.string(),
  /** Who sent it back. */
  user: z.string(),
  create_time: z.string(),
  /** The example image's renditions (null without one) and its download link ('' without one). */
  renditions: pageRenditions.nullable(),
  download_url: z.string(),
});
export type SendBack = z.infer<typeof sendBack>;
export const workPage = z.object({
  page_id: z.number(),
  num: z.number(),
  /** The current step's task; null when every step is done or none is set. */
  position: z.object({ id: z.number(), position: z.string() }).nullable(),
  /** The current step's status; 10 when the page is done; null when it has no steps. */
  status: z.number().nullable(),
  status_text: z.string(),
  current_user_nickname: z.string(),
  current_user_id: z.number().nullable(),
  update_time: z.string(),
  /** "2/5" steps done. */
  process_text: z.string(),
  /** "40%". */
  percent_text: z.string(),
  /** The share of steps done, 0–100 (rounded): what percent_text reads. */
  percent: z.number(),
  workflow_step_id: z.number().nullable(),
  /** A link to the thumbnail of the page's latest file ('' when none, or until it is made). */
  icon: z.string(),
  renditions: pageRenditions.nullable(),
  /** The current step's latest sending back while it is sent back, else null. */
  send_back: sendBack.nullable(),
  /** The current step's due day, and whether it has passed (docs/schedule.md). */
  ...stepDue.shape,
  /** Who may pass or send back the current step while it awaits approval, by nickname; else empty. */
  approvers: z.array(z.string()),
  /** The caller is one of them: the row says 「あなたの承認待ち」. */
  awaiting_my_approval: z.boolean(),
});
export type WorkPage = z.infer<typeof workPage>;
export const workPagesData = z.object({
  pages: z.array(workPage),
  /** Red-pen marks still open on the chapter's pages (docs/marks.md): passing the final audit asks first. */
  open_marks: z.number(),
  /** audit: the editorial desk may judge the final audit; sign_off: may pass 校了 (editor in charge, 編集長). */
  show_buttons: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    audit: z.boolean(),
    sign_off: z.boolean(),
  }),
  audit_record: z.object({ audit_status: z.number(), remark: z.string() }).nullable(),
  /** The chapter's forecast while in production, else null. */
  forecast: chapterForecast.nullable(),
});
export const workPageDetailBody = chapterRef.extend({ pageId: id });
export const workStep = z.object({
  step_id: z.number(),
  sort: z.number(),
  pos_id: z.number(),
  position: z.string(),
  owner_user: z.string(),
  owner_user_id: z.number(),
  status: z.number(),
  status_text: z.string(),
  /** A link to the screen preview of this step's file ('' when none, or until it is made). */
  page_icon: z.string(),
  renditions: pageRenditions.nullable(),
  /** Download link of this step's latest file ('' before the first commit). */
  download_url: z.string(),
  is_mine: z.boolean(),
  /** The latest sending back while the step is sent back, else null. */
  send_back: sendBack.nullable(),
  /** What the caller may do on this step now. */
  actions: z.object({ start: z.boolean(), commit: z.boolean(), audit: z.boolean() }),
  /** Red-pen marks still open on the step, over its revisions (docs/marks.md): approving asks first. */
  open_marks: z.number(),
  ...stepDue.shape,
  /** Who may pass or send back the step while it awaits approval, by nickname; else empty. */
  approvers: z.array(z.string()),
  /** Who will decide on the step once its assignee hands it in, by nickname: the hand-in asks first. */
  hand_in_approvers: z.array(z.string()),
  /** Red-pen marks the assignee resolved that wait for confirmation: approving says how many. */
  resolved_marks: z.number(),
});
export type WorkStep = z.infer<typeof workStep>;
export const workPageDetailData = z.object({
  steps: z.array(workStep),
  current_step: z.object({ pos_id: z.number(), current_user_id: z.number(), step_id: z.number() }).nullable(),
});
export type WorkPageDetailData = z.infer<typeof workPageDetailData>;
export const stepCommitBody = stepRef.extend({
  filePath: z.string({ error: 'filePathRequired' }).trim().min(1, { error: 'filePathRequired' }).max(300),
});
export const stepRejectBody = stepRef.extend({
  remark: text(LIMITS.noteMax, 'remarkRequired', 'remarkTooLong'),
  /** An optional example image (upload type 15). */
  filePath: z.string().trim().max(300).default(''),
});
export const stepHistoryEntry = z.object({
  id: z.number(),
  /** 'commit' for an uploaded result, 'reject' for a sending back. */
  kind: z.enum(['commit', 'reject']),
  file_name: z.string(),
  create_time: z.string(),
  user: z.string(),
  /** The committed file, or the rejection's example image ('' when none). */
  download_url: z.string(),
  /** Renditions of that file (null without a file). */
  renditions: pageRenditions.nullable(),
  remark: z.string(),
  /**
   * A commit's red-pen marks (docs/marks.md): those drawn on this revision, by state; null for a
   * sending back and for a revision without marks.
   */
  marks: markCounts.nullable(),
});
export const stepHistoryData = z.object({ list: z.array(stepHistoryEntry) });
export const chapterRejectBody = chapterRef.extend({
  remark: text(LIMITS.noteMax, 'rejectReasonRequired', 'rejectReasonTooLong'),
});
/** POST /api/workflow/downloadZip: the zip itself, or with `link` a short-lived link to it. */
export const downloadZipBody = chapterRef.extend({ link: z.boolean().default(false) });
export const zipQuery = z.object({
  projectId: id,
  chapterId: id,
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});
