import { z } from 'zod';
import { NoticeTargetKind } from '../enums.js';
import { LIMITS } from '../limits.js';
import { AFFILIATIONS, CREATIVECAPS, GENRES, MEDIAS, METHODS, POSITIONS } from '../reference.js';
import { nicknameField } from './accounts.js';
import { referenceIds, rowId } from './common.js';
import { forecastCard } from './schedule.js';
import { singleLineText } from './single-line.js';

const text60 = z.string().trim().max(LIMITS.profileTextMax, { error: 'textTooLong' }).default('');
const line60 = singleLineText(LIMITS.profileTextMax, { tooLong: 'textTooLong' });
const oneOf = (...values: number[]) =>
  z
    .number({ error: 'selectRequired' })
    .int()
    .refine((v) => values.includes(v), { error: 'selectRequired' });
/** An uploaded file's path as the upload call returned it (or '' for none). */
export const uploadPathField = z.string().trim().max(300, { error: 'uploadPathInvalid' }).default('');

export const achievementSchema = z.object({
  type1: oneOf(1, 2),
  type2: oneOf(1, 2),
  type3: oneOf(1, 2),
  type4: oneOf(4, 5),
  workName: singleLineText(LIMITS.profileTextMax, { required: 'requiredField', tooLong: 'textTooLong' }),
  pageNum: z
    .number({ error: 'requiredField' })
    .int()
    .min(1, { error: 'requiredField' })
    .max(LIMITS.pageNumMax),
  desc: z.string().trim().max(LIMITS.achievementDescMax, { error: 'descTooLong' }).default(''),
});
export type Achievement = z.infer<typeof achievementSchema>;

/** POST /api/cartoonser/personalInfo: the whole profile. Kind-specific fields are ignored for the other kind. */
export const profileBody = z.object({
  nickname: nicknameField.pipe(z.string().min(1, { error: 'profileNicknameRequired' })),
  pic: uploadPathField,
  icon: uploadPathField,
  type: referenceIds(CREATIVECAPS, 'selectRequired'),
  positions: referenceIds(POSITIONS, 'requiredField').nullish(),
  medias: referenceIds(MEDIAS, 'requiredField'),
  typebigs: referenceIds(GENRES, 'requiredField'),
  /** Creators: drawing methods (1 analog, 2 digital). */
  method: referenceIds(METHODS, 'requiredField').nullish(),
  /** Editors: editorial affiliation (1 publisher, 2 freelance). */
  drawmethod: z
    .number()
    .int()
    .refine((v) => AFFILIATIONS.some((a) => a.id === v), { error: 'selectRequired' })
    .nullish(),
  experience: z.array(oneOf(1, 2)).max(2).default([]),
  adscartoon: oneOf(1, 2).nullish(),
  publish: oneOf(1, 2).nullish(),
  introduction: text60,
  cartoon: line60.default(''),
  cartooner: line60.default(''),
  cute: line60.default(''),
  theme: z.array(line60).max(LIMITS.themesMax, { error: 'tooManyItems' }).default([]),
  reward: z.array(line60).max(LIMITS.rewardsMax, { error: 'tooManyItems' }).default([]),
  introduce: z
    .string()
    .trim()
    .max(LIMITS.portfolioUrlMax, { error: 'urlTooLong' })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), { error: 'urlInvalid' })
    .default(''),
  achievements: z.array(achievementSchema).max(LIMITS.achievementsMax, { error: 'tooManyItems' }).default([]),
});
export type ProfileBody = z.input<typeof profileBody>;

/** A person's public profile (GET /api/cartoonser/cartoonserDetail?uid=). */
export const profileDetail = z.object({
  id: z.number(),
  nickname: z.string(),
  pic: z.string(),
  icon: z.string(),
  loginattr: z.number(),
  type: z.array(z.number()),
  positions: z.array(z.number()),
  medias: z.array(z.number()),
  typebigs: z.array(z.number()),
  method: z.array(z.number()),
  drawmethod: z.number().nullable(),
  experience: z.array(z.number()),
  adscartoon: z.number().nullable(),
  publish: z.number().nullable(),
  introduction: z.string(),
  cartoon: z.string(),
  cartooner: z.string(),
  cute: z.string(),
  theme: z.array(z.string()),
  reward: z.array(z.string()),
  introduce: z.string(),
  // As stored: the reply is serialized, not cleaned again.
  achievements: z.array(achievementSchema.extend({ workName: z.string() })),
  /** Friend status with the viewer: 0 none, 1 request pending, 2 friends, 3 self. */
  friend: z.object({ status: z.number() }),
  /** Pair state with the viewer (1–4). */
  pairState: z.number(),
});
export type ProfileDetail = z.infer<typeof profileDetail>;

export const uidQuery = z.object({
  uid: rowId(),
});

const idFilter = z.array(z.number().int().positive().max(LIMITS.idMax)).max(50).default([]);

/** POST /api/cartoonser/findCartoonser. */
export const findCartoonserBody = z.object({
  nick: singleLineText(LIMITS.searchNickMax).default(''),
  /** 1 未申請, 2 申請済み, 3 マッチング成功; empty for all. */
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullish(),
  typeb: idFilter,
  media: idFilter,
  creativecap: idFilter,
  adscartoon: z.union([z.literal(1), z.literal(2)]).nullish(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(LIMITS.personSearchPageSize),
  /** The kind searched for: the server always uses the caller's opposite kind. */
  type: z.number().int().optional(),
});
export type FindCartoonserBody = z.input<typeof findCartoonserBody>;
export const personSearchItem = z.object({
  userid: z.number(),
  nickname: z.string(),
  pic: z.string(),
  match: z.number(),
  state: z.number(),
});
export const personSearchData = z.object({ list: z.array(personSearchItem), total: z.number() });
export type PersonSearchData = z.infer<typeof personSearchData>;

const messageField = z.string().trim().max(LIMITS.requestMessageMax, { error: 'messageTooLong' }).default('');
const idField = z.number({ error: 'invalidValue' }).int().positive().max(LIMITS.idMax);
const replyState = z.union([z.literal(1), z.literal(2)], { error: 'selectRequired' });

export const applyPairingBody = z.object({ toUid: idField, message: messageField });
export const dealPairingBody = z.object({ msgId: idField, message: messageField, state: replyState });
export const applyFriendBody = z.object({ toUid: idField, message: messageField });
export const dealFriendBody = z.object({ msgId: idField, state: replyState, message: messageField });
export const delFriendBody = z.object({ friendId: idField });

/** POST /api/friends/search: the friend list. role filters 1, 2, 3, 5. */
export const friendSearchBody = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(LIMITS.friendListPageSize),
  role: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)]).nullish(),
  keywords: singleLineText(LIMITS.searchNickMax).default(''),
});
export const friendListData = z.object({
  list: z.array(z.object({ id: z.number(), nickname: z.string(), pic: z.string() })),
  total: z.number(),
});
/** POST /api/friends/getWantedFriends: pending incoming friend requests. */
export const friendRequestsData = z.object({
  list: z.array(
    z.object({
      msgId: z.number(),
      userId: z.number(),
      userName: z.string(),
      userImg: z.string(),
      message: z.string(),
    }),
  ),
});

/** POST /api/notice/getList. */
export const noticeListBody = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(LIMITS.noticePageSize),
});
/** What a notice is about (NoticeTargetKind says which ids it carries); null on notices stored before targets. */
export const noticeTarget = z.object({
  kind: z.enum(NoticeTargetKind),
  project_id: z.number().nullable(),
  chapter_id: z.number().nullable(),
  page_id: z.number().nullable(),
  user_id: z.number().nullable(),
});
export type NoticeTarget = z.infer<typeof noticeTarget>;
export const noticeListData = z.object({
  notices: z.array(
    z.object({
      id: z.number(),
      message: z.string(),
      create_time: z.string(),
      is_unread: z.boolean(),
      target: noticeTarget.nullable(),
    }),
  ),
  total: z.number(),
  unread: z.number(),
});
export type NoticeListData = z.infer<typeof noticeListData>;

/** POST /api/uploadFile/upload reply. */
export const uploadData = z.object({
  path: z.string(),
  filename: z.string(),
  ext: z.string(),
  size: z.number(),
});
export type UploadData = z.infer<typeof uploadData>;
/** POST /api/uploadFile/upload: the type may come as `?type=` instead of a form field before the file. */
export const uploadQuery = z.object({ type: z.string().max(10).optional() });
/** GET /api/files/<key>: the key is the path's rest, read by the handler. */
export const fileQuery = z.object({
  w: z.string().max(10).optional(),
  // A signed link's expiry and signature (private types).
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
  /** Who the link was made for, signed with it: their download is in the access record (docs/access.md). */
  by: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
});

/** A recommended person (spec: person recommendation). */
export const recommendedPerson = z.object({
  userid: z.number(),
  nick: z.string(),
  head: z.string(),
  match: z.number(),
  pairid: z.number().nullable(),
  msgId: z.number().nullable(),
  message: z.string(),
});
/** An incoming pairing request. */
export const incomingPairing = z.object({
  msgId: z.number(),
  userid: z.number(),
  nick: z.string(),
  head: z.string(),
  message: z.string(),
});
/**
 * A project card (docs/api-conventions.md, project cards). Own and joined projects: `percent` is
 * the production progress (approved steps over all steps of the project's chapters, 0 without
 * any), `chaId` the newest chapter (null without chapters). Recommendations: `percent` is the
 * match with the caller, `chaId` the recruiting chapter of a case (null for a project).
 * `upTime` is always the project's last change.
 */
export const projectCard = z.object({
  proId: z.number(),
  title: z.string(),
  image: z.string(),
  nick: z.string(),
  upTime: z.string(),
  chaId: z.number().nullable(),
  percent: z.number(),
  recruit_pos: z.array(z.object({ posid: z.number(), position: z.string() })),
});
export type ProjectCard = z.infer<typeof projectCard>;

/** GET /api/cartoonser/homePage: every dashboard panel in one call. */
export const homePageData = z.object({
  project: z.array(projectCard),
  join: z.array(projectCard),
  editor: z.array(recommendedPerson),
  originator: z.array(recommendedPerson),
  recommend: z.array(projectCard),
  chapter: z.array(projectCard),
  pairs: z.array(incomingPairing),
  /** The user's chapters in production, worst forecast first (docs/schedule.md). */
  forecasts: z.array(forecastCard),
});
export type HomePageData = z.infer<typeof homePageData>;

export const todoAggregateData = z.object({
  list: z.array(z.object({ type: z.number(), type_desc: z.string(), cnt: z.number() })),
});
export const todoListBody = z.object({
  type: z.number().int(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(LIMITS.todoPageSize),
});
export const todoItem = z.object({
  project_title: z.string(),
  chapter_title: z.string(),
  projectid: z.number(),
  chapterid: z.number().nullable(),
  chapter_script_at: z.string().nullable(),
  chapter_check_at: z.string().nullable(),
  time_left: z.string().nullable(),
  project_user: z.object({ id: z.number(), nickname: z.string() }),
  /** Type 12 (an applicant): who applied, to which position, when; null for every other type. */
  application: z
    .object({
      user: z.object({ id: z.number(), nickname: z.string() }),
      pos_id: z.number(),
      position: z.string(),
      create_time: z.string(),
    })
    .nullable(),
  /** Types 28 and 29 (red-pen marks, docs/marks.md): the page and how many of its marks wait; null otherwise. */
  marks: z.object({ page_id: z.number(), page_num: z.number(), count: z.number() }).nullable(),
  /** Types 25, 21 and 23 (page work): the waiting step, its page, its task and its own due day; null otherwise. */
  step: z
    .object({
      step_id: z.number(),
      page_id: z.number(),
      page_num: z.number(),
      task: z.string(),
      due_on: z.string().nullable(),
    })
    .nullable(),
  /**
   * Type 11 (an editor invitation): the founder's own words, plain text, '' when she wrote none;
   * null for every other type. The invitee reads them where she answers (docs/access.md).
   */
  invitation_message: z.string().nullable(),
});
/**
 * One page of a type's items: `total` items to page through, and `cnt`, what the type's tile
 * counts in the unit its title names (marks where an item is a page of several).
 */
export const todoListData = z.object({ list: z.array(todoItem), total: z.number(), cnt: z.number() });
