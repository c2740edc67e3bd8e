/** Account kind (spec: loginattr). */
export const LoginAttr = { CREATOR: 1, EDITOR: 2 } as const;
export type LoginAttr = (typeof LoginAttr)[keyof typeof LoginAttr];

/** Roles derived from the account (docs/accounts.md). */
export const Role = {
  AUTHOR: 1,
  EDITOR: 2,
  PLANNING_MEMBER: 3,
  ARTIST: 4,
  ASSISTANT: 5,
  TRANSLATOR: 6,
  PRODUCTION_STAFF: 7,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Position ids (docs/accounts.md). */
export const Position = {
  ORIGINAL: 1,
  MAIN_ARTIST: 2,
  STORYBOARD: 3,
  CHARACTER_DESIGN: 4,
  BACKGROUND_DESIGN: 5,
  BACKGROUND_ASSISTANT: 6,
  MOB_ASSISTANT: 7,
  COLOUR_ASSISTANT: 8,
  TONE_ASSISTANT: 9,
  EFFECTS_ASSISTANT: 10,
  LETTERING_ASSISTANT: 11,
  OTHER_ASSISTANT: 12,
  PROGRESS_MANAGER: 13,
  TRANSLATION: 14,
} as const;
export type Position = (typeof Position)[keyof typeof Position];

/** Positions offered by project-level recruitment. */
export const PROJECT_LEVEL_POSITIONS: readonly Position[] = [2, 3, 4, 5, 13];
/** Positions offered by chapter-level recruitment. */
export const CHAPTER_LEVEL_POSITIONS: readonly Position[] = [6, 7, 8, 9, 10, 11, 12, 14];
/** Chapter-level assistant positions (role 5). */
export const ASSISTANT_POSITIONS: readonly Position[] = [6, 7, 8, 9, 10, 11, 12];

/**
 * Account lifecycle. DISABLED is set and lifted by an operator (`npm run admin -- disable|enable
 * <email>`): it cannot log in, and its sessions and live streams end at once.
 */
export const AccountStatus = { PROVISIONAL: 0, ACTIVE: 1, DISABLED: 2 } as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

/** Purposes of mailed one-time links. */
export const MailTokenPurpose = { CONFIRM_REGISTRATION: 'confirm', RESET_PASSWORD: 'reset' } as const;
export type MailTokenPurpose = (typeof MailTokenPurpose)[keyof typeof MailTokenPurpose];

export const LANGUAGES = ['ja', 'zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';

/** Upload type codes (docs/files.md). */
export const UploadType = { AVATAR: 1, BACKGROUND: 2, COVER: 3, FILE: 4, PAGE: 11, SAMPLE: 15 } as const;
export type UploadType = (typeof UploadType)[keyof typeof UploadType];
export const UPLOAD_TYPES: readonly UploadType[] = Object.values(UploadType);
/** Types that must be PNG/GIF/JPG/JPEG images of at most 2 MiB. */
export const IMAGE_UPLOAD_TYPES: readonly UploadType[] = [1, 2, 3, 15];
/**
 * Types whose files are shown as pictures in grids, lists and dialogs (pages, sending-back
 * examples, project covers and chapter headers): a job makes their renditions (docs/renditions.md).
 */
export const RENDERED_UPLOAD_TYPES: readonly UploadType[] = [3, 11, 15];
/** Types whose files anyone may fetch by path; the rest go through signed URLs. */
export const PUBLIC_UPLOAD_TYPES: readonly UploadType[] = [1, 2, 3];
export const IMAGE_EXTENSIONS = ['png', 'gif', 'jpg', 'jpeg'] as const;
/**
 * Extensions of the page files renditions are made of (docs/renditions.md; `clip` is CLIP STUDIO
 * PAINT's own format, shown from the preview it stores): what a storyboard page
 * takes, and the files the hand-in shows before it is sent. The server also checks their content.
 */
export const PAGE_FILE_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'tif',
  'tiff',
  'psd',
  'psb',
  'clip',
] as const;

/**
 * Where the renditions of a page file stand (docs/renditions.md): PENDING until the rendering job
 * settles it; READY with thumbnail, preview and tiles; UNSUPPORTED for a format or canvas no
 * rendition is made of; FAILED for a broken file. The original stays downloadable in every case.
 */
export const RenditionStatus = {
  PENDING: 'pending',
  READY: 'ready',
  FAILED: 'failed',
  UNSUPPORTED: 'unsupported',
} as const;
export type RenditionStatus = (typeof RenditionStatus)[keyof typeof RenditionStatus];
export const RENDITION_STATUSES: readonly RenditionStatus[] = Object.values(RenditionStatus);
/**
 * How far a pending rendition's job has come (docs/renditions.md): waiting for its job, making the
 * thumbnail and preview, making the tiles (thumbnail and preview shown meanwhile); `done` once the
 * status is final, whatever it is.
 */
export const RenditionStage = {
  QUEUED: 'queued',
  PREVIEWS: 'previews',
  TILES: 'tiles',
  DONE: 'done',
} as const;
export type RenditionStage = (typeof RenditionStage)[keyof typeof RenditionStage];
export const RENDITION_STAGES: readonly RenditionStage[] = Object.values(RenditionStage);

/** Pair state, a → b (docs/states.md). */
export const PairState = { NOT_APPLIED: 1, APPLIED: 2, AGREED: 3, REFUSED: 4 } as const;
export type PairState = (typeof PairState)[keyof typeof PairState];
/** Answer to a pairing or friend request. */
export const ReplyState = { AGREE: 1, REFUSE: 2 } as const;
export type ReplyState = (typeof ReplyState)[keyof typeof ReplyState];
export const FriendRequestStatus = { PENDING: 0, AGREED: 1, REFUSED: 2 } as const;

/** Kinds of stored notice; the text is rendered in the reader's language. */
export const NoticeKind = {
  PAIRING_RECEIVED: 'pairing_received',
  PAIRING_AGREED: 'pairing_agreed',
  PAIRING_REFUSED: 'pairing_refused',
  FRIEND_AGREED: 'friend_agreed',
  FRIEND_REFUSED: 'friend_refused',
  INVITATION_RECEIVED: 'invitation_received',
  INVITATION_ACCEPTED: 'invitation_accepted',
  INVITATION_REFUSED: 'invitation_refused',
  APPLICATION_RECEIVED: 'application_received',
  APPLICATION_ACCEPTED: 'application_accepted',
  APPLICATION_REJECTED: 'application_rejected',
  BOARD_POST: 'board_post',
  /** A post in a chapter's editorial thread (founder and editorial side only). */
  EDITORIAL_THREAD_POST: 'editorial_thread_post',
  NAME_SUBMITTED: 'name_submitted',
  NAME_APPROVED: 'name_approved',
  NAME_REJECTED: 'name_rejected',
  WORK_TURN: 'work_turn',
  WORK_SUBMITTED: 'work_submitted',
  WORK_APPROVED: 'work_approved',
  WORK_REJECTED: 'work_rejected',
  FINAL_SUBMITTED: 'final_submitted',
  FINAL_APPROVED: 'final_approved',
  FINAL_REJECTED: 'final_rejected',
  /** A step of yours is due in two days (docs/schedule.md). */
  STEP_DUE_SOON: 'step_due_soon',
  /** A step of yours is due today. */
  STEP_DUE_TODAY: 'step_due_today',
  /** A chapter's forecast turned at risk or late (founder and editor in charge). */
  CHAPTER_AT_RISK: 'chapter_at_risk',
  /** A reviewer drew red-pen marks on your page (docs/marks.md); one unread notice a page. */
  MARK_ADDED: 'mark_added',
  /** The assignee resolved a mark you drew: it waits for your confirmation (docs/marks.md). */
  MARK_RESOLVED: 'mark_resolved',
  /** The founder removed you from a project (docs/access.md, "Leaving a project"). */
  MEMBER_REMOVED: 'member_removed',
  /** A member left your project (founder). */
  MEMBER_LEFT: 'member_left',
  /** The founder handed you a step that was someone else's. */
  STEP_HANDED_OVER: 'step_handed_over',
  /** The founder changed the part (position, whole project or one chapter) you hold. */
  MEMBER_CHANGED: 'member_changed',
  /** The founder invited you to a part of a project (docs/access.md, "Inviting"). */
  TEAM_INVITED: 'team_invited',
  /** The person you invited accepted (founder). */
  TEAM_INVITE_ACCEPTED: 'team_invite_accepted',
  /** The person you invited declined (founder). */
  TEAM_INVITE_DECLINED: 'team_invite_declined',
  /**
   * Someone editorial other than the founder changed a chapter's deadlines, due days or buffer, or
   * a print specification (founder; docs/access.md, "Editorial seats").
   */
  EDITORIAL_CHANGE: 'editorial_change',
} as const;
export type NoticeKind = (typeof NoticeKind)[keyof typeof NoticeKind];

/** How a kind of notice reaches its reader by mail (docs/notices.md, "By mail"). */
export const MailMode = { NOW: 'now', DIGEST: 'digest', OFF: 'off' } as const;
export type MailMode = (typeof MailMode)[keyof typeof MailMode];
export const MAIL_MODES: readonly MailMode[] = Object.values(MailMode);

/**
 * What a notice is about, stored with it (docs/notices.md): the bell opens that screen. Each
 * kind says which of the target's ids it carries.
 */
export const NoticeTargetKind = {
  /** A project's detail page (project_id). */
  PROJECT: 'project',
  /** A project's applicants (project_id). */
  APPLICANTS: 'applicants',
  /** A project's message board (project_id). */
  BOARD: 'board',
  /** A chapter's private editorial thread (project_id, chapter_id). */
  EDITORIAL_THREAD: 'editorial_thread',
  /** A chapter's storyboard (project_id, chapter_id). */
  STORYBOARD: 'storyboard',
  /** A chapter's work screen and final audit (project_id, chapter_id). */
  CHAPTER: 'chapter',
  /** One page's steps in the chapter's work screen (project_id, chapter_id, page_id). */
  PAGE: 'page',
  /** A person's profile (user_id). */
  PERSON: 'person',
  /** The reader's invitations waiting for an answer (no ids). */
  INVITATIONS: 'invitations',
} as const;
export type NoticeTargetKind = (typeof NoticeTargetKind)[keyof typeof NoticeTargetKind];

/** To-do types (docs/states.md). */
export const TodoType = {
  EDITOR_INVITATION: 11,
  APPLICANT: 12,
  SUBMIT_NAME: 13,
  NAME_APPROVAL: 2,
  NAME_REVISION: 4,
  SET_UP_WORKFLOW: 14,
  PAGE_IN_PROGRESS: 25,
  WORK_APPROVAL: 21,
  WORK_REVISION: 23,
  FINAL_AUDIT: 26,
  FINAL_AUDIT_REJECTED: 27,
  /** Pages of your step (or storyboard) with open red-pen marks (docs/marks.md); one item a page. */
  MARKS_OPEN: 28,
  /** Pages with marks you drew that were resolved and wait for your confirmation. */
  MARKS_TO_CONFIRM: 29,
  /** Team invitations waiting for your answer (docs/access.md, "Inviting"). */
  TEAM_INVITATION: 15,
} as const;
export type TodoType = (typeof TodoType)[keyof typeof TodoType];

/** Live events pushed to a user's open pages. */
export const LiveEvent = {
  NOTICE: 'notice',
  FRIEND_REQUEST: 'friend-request',
  PAIRING: 'pairing',
  BOARD: 'board',
  /** A chapter's editorial thread changed: carries {projectId, chapterId}. */
  EDITORIAL_THREAD: 'editorial-thread',
  /** A chapter's pages, steps or audit changed: open production screens reload. */
  CHAPTER: 'chapter',
  /** Every session of the user ended (account disabled, password reset): the stream closes after it. */
  SESSION_ENDED: 'session-ended',
  /** A page's red-pen marks changed (docs/marks.md): open viewers of the page reload its marks. */
  MARKS: 'marks',
} as const;

// --- projects (docs/states.md) ----------------------------------------------------------
export const ProjectKind = { ONE_SHOT: 1, SERIAL: 2 } as const;
export const ProductionType = { COMMERCIAL: 1, SELF_PRODUCED: 2 } as const;
export const ProjectStatus = { ONGOING: 1, COMPLETED: 2 } as const;
/**
 * How someone belongs to a project. DEPUTY (副担当) and CHIEF (編集長) are the editorial seats beside
 * the editor in charge, held by editor accounts (docs/access.md, "Editorial seats").
 */
export const MemberKind = { FOUNDER: 1, MEMBER: 2, EDITOR: 3, DEPUTY: 4, CHIEF: 5 } as const;
/** The editorial seats a founder or the editor in charge offers: 副担当 and 編集長. */
export const EDITORIAL_SEATS = [MemberKind.DEPUTY, MemberKind.CHIEF] as const;
export type EditorialSeat = (typeof EDITORIAL_SEATS)[number];
export const isEditorialSeat = (kind: number): kind is EditorialSeat =>
  (EDITORIAL_SEATS as readonly number[]).includes(kind);
export const InvitationStatus = { PENDING: 0, ACCEPTED: 1, REFUSED: 2 } as const;
/**
 * A team invitation's state (docs/access.md, "Inviting"): pending until answered, withdrawn by the
 * founder, or past its `LIMITS.teamInvitationDays` (expired, read from its expiry, never stored).
 */
export const TeamInvitationStatus = {
  PENDING: 'pending',
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  WITHDRAWN: 'withdrawn',
  EXPIRED: 'expired',
} as const;
export type TeamInvitationStatus = (typeof TeamInvitationStatus)[keyof typeof TeamInvitationStatus];
/** checkStatus of an invitation reply (and of the editor's chapter decisions later). */
export const CheckStatus = { ACCEPT: 1, REFUSE: 2 } as const;
export const RecruitKind = { PROJECT: 1, CHAPTER: 2 } as const;
/**
 * What is stored of a recruitment: open until the founder ends it (or its project completes).
 * Whether it is recruiting now also depends on its dates: see RecruitState.
 */
export const RecruitStatus = { OPEN: 1, ENDED: 2 } as const;
/**
 * A recruitment's state, derived from RecruitStatus and its dates (Tokyo days): scheduled before
 * its start date, ongoing from its start to its end date, ended after it or once ended.
 */
export const RecruitState = { SCHEDULED: 0, ONGOING: 1, ENDED: 2 } as const;
export type RecruitState = (typeof RecruitState)[keyof typeof RecruitState];
export const ApplicationStatus = { PENDING: 0, ACCEPTED: 10, REJECTED: -10 } as const;
/** Project-search join_status: the caller's standing towards a project's recruitment. */
export const JoinStatus = { NOT_APPLIED: 1, APPLIED: 2, AGREED: 21, NOT_ESTABLISHED: 22 } as const;

/** Chapter status (docs/states.md). */
export const ChapterStatus = {
  NAME_WRITING: 1,
  WORKFLOW_SETUP: 2,
  IN_PRODUCTION: 3,
  AWAITING_EDITOR: 4,
  NAME_REVISION: 5,
  FINISHED: 6,
} as const;
export type ChapterStatus = (typeof ChapterStatus)[keyof typeof ChapterStatus];

/** Draft (storyboard) page status (docs/states.md); 0 is a page slot with no file yet. */
export const DraftPageStatus = {
  EMPTY: 0,
  NOT_REVIEWED: 3,
  APPROVED: 4,
  REJECTED: 5,
  REUPLOADED: 6,
} as const;
export type DraftPageStatus = (typeof DraftPageStatus)[keyof typeof DraftPageStatus];

/** Status of one step of a page's work flow (docs/states.md). */
export const StepStatus = {
  NOT_STARTED: 0,
  IN_PROGRESS: 1,
  AWAITING_APPROVAL: 5,
  DONE: 10,
  REJECTED: -10,
} as const;
export type StepStatus = (typeof StepStatus)[keyof typeof StepStatus];

/**
 * A chapter's forecast against its check deadline (docs/schedule.md): on track finishes before the
 * buffer, at risk inside it, late after the check deadline.
 */
/**
 * A chapter's forecast (docs/schedule.md, "Status"): the finish judged against the buffer and the
 * check deadline; OVERDUE is a finish on track with a step already past its due day.
 */
export const ForecastStatus = {
  ON_TRACK: 'on_track',
  OVERDUE: 'overdue',
  AT_RISK: 'at_risk',
  LATE: 'late',
} as const;
export type ForecastStatus = (typeof ForecastStatus)[keyof typeof ForecastStatus];

/** A chapter's final (校了) audit; null is "not submitted". */
export const AuditStatus = { REJECTED: -10, WAITING: 1, PASSED: 10 } as const;
export type AuditStatus = (typeof AuditStatus)[keyof typeof AuditStatus];

/** Main artists (position 2) approve page work with the founder. */
export const MAIN_ARTIST_POSITION = 2;

/** Entries of a step's history. */
/**
 * What a project's activity records (docs/access.md, "Leaving a project"): who joined, left or
 * was removed, and which step was handed to whom.
 */
export const ProjectEventKind = {
  MEMBER_JOINED: 'member_joined',
  MEMBER_LEFT: 'member_left',
  MEMBER_REMOVED: 'member_removed',
  STEP_HANDED_OVER: 'step_handed_over',
  MEMBER_CHANGED: 'member_changed',
  /** An invitation sent: to an account (subject), or by mail (no subject: the address is never kept here). */
  INVITATION_SENT: 'invitation_sent',
  /** The invited person (the actor) declined. */
  INVITATION_DECLINED: 'invitation_declined',
  /** A waiting invitation withdrawn by the founder or its inviter (subject as when sent). An editorial seat's invitation, joining and change carry `seat`. */
  INVITATION_WITHDRAWN: 'invitation_withdrawn',
  /** The founder allowed a member (subject) to invite, or took that back. */
  INVITER_GRANTED: 'inviter_granted',
  INVITER_REVOKED: 'inviter_revoked',
  /** The founder or the editorial side changed a chapter's 校了締切 (chapter_title; docs/access.md, "Editorial seats"). */
  DEADLINE_MOVED: 'deadline_moved',
  /** The founder or the editorial side changed a chapter's other information: title, header, name deadline. */
  CHAPTER_CHANGED: 'chapter_changed',
  /** A step's due day was moved (chapter_title). */
  DUE_MOVED: 'due_moved',
  /** A chapter's buffer (予備日) was changed and its due days planned again (chapter_title). */
  BUFFER_CHANGED: 'buffer_changed',
  /** The project's (no chapter_title) or a chapter's print specification was set or removed. */
  PRINT_SPEC_CHANGED: 'print_spec_changed',
  /** The project's watermark setting was changed (docs/renditions.md, "Watermarks"). */
  WATERMARK_CHANGED: 'watermark_changed',
} as const;
export type ProjectEventKind = (typeof ProjectEventKind)[keyof typeof ProjectEventKind];

export const StepEventKind = { COMMIT: 'commit', REJECT: 'reject' } as const;
export type StepEventKind = (typeof StepEventKind)[keyof typeof StepEventKind];

/**
 * A red-pen mark's state (docs/marks.md): open until the assignee resolves it, confirmed by a
 * reviewer; a reviewer reopens a resolved or confirmed one.
 */
export const MarkState = { OPEN: 'open', RESOLVED: 'resolved', CONFIRMED: 'confirmed' } as const;
export type MarkState = (typeof MarkState)[keyof typeof MarkState];
export const MARK_STATES: readonly MarkState[] = Object.values(MarkState);

/** What a mark is drawn with (docs/marks.md, "The record"). */
export const MarkShapeType = {
  PEN: 'pen',
  RECT: 'rect',
  ELLIPSE: 'ellipse',
  ARROW: 'arrow',
  TEXT: 'text',
} as const;
export type MarkShapeType = (typeof MarkShapeType)[keyof typeof MarkShapeType];

/** The red pen's few colours, by name, with the colour each is drawn in; red is the default. */
export const MARK_COLORS = {
  red: '#e60012',
  blue: '#0068b7',
  green: '#009944',
  orange: '#f39800',
  black: '#000000',
} as const;
export type MarkColor = keyof typeof MARK_COLORS;
export const DEFAULT_MARK_COLOR: MarkColor = 'red';

/** Which marks a correction sheet holds (docs/marks.md, "Correction sheets"): the open ones, or all. */
export const MarkSheetFilter = { OPEN: 'open', ALL: 'all' } as const;
export type MarkSheetFilter = (typeof MarkSheetFilter)[keyof typeof MarkSheetFilter];

/** Friend status with the viewer (profile detail `friend.status`). */
export const FriendStatus = { NONE: 0, PENDING: 1, FRIENDS: 2, SELF: 3 } as const;

/**
 * Who sees a project's pictures watermarked (docs/renditions.md, "Watermarks"): nobody, every
 * member but the founder and the editorial seats, or everyone.
 */
export const WatermarkMode = { OFF: 'off', MEMBERS: 'members', EVERYONE: 'everyone' } as const;
export type WatermarkMode = (typeof WatermarkMode)[keyof typeof WatermarkMode];
export const WATERMARK_MODES = Object.values(WatermarkMode);

/** What a watermarked viewer gets for an original: nothing, or the page's preview watermarked. */
export const WatermarkOriginals = { REFUSE: 'refuse', WATERMARK: 'watermark' } as const;
export type WatermarkOriginals = (typeof WatermarkOriginals)[keyof typeof WatermarkOriginals];
export const WATERMARK_ORIGINALS = Object.values(WatermarkOriginals);

/**
 * What the access record keeps (docs/access.md, "The access record"): looks at a page (its
 * thumbnail, preview or tiles) and downloads.
 */
export const AccessKind = {
  THUMB: 'thumb',
  PREVIEW: 'preview',
  TILES: 'tiles',
  ORIGINAL: 'original',
  ZIP: 'zip',
  DELIVERY: 'delivery',
  SHEET: 'sheet',
} as const;
export type AccessKind = (typeof AccessKind)[keyof typeof AccessKind];
export const ACCESS_KINDS = Object.values(AccessKind);
/** The kinds that are looks, deduplicated per viewer, page and kind per hour. */
export const VIEW_KINDS: readonly AccessKind[] = [AccessKind.THUMB, AccessKind.PREVIEW, AccessKind.TILES];
