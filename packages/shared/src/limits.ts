import { UPLOAD_TYPES, UploadType } from './enums.js';

/** Every limit of the specifications, defined once. */
export const LIMITS = {
  /** Ids are PostgreSQL integers: a larger number names no row, and the database would refuse it. */
  idMax: 2_147_483_647,
  nicknameMax: 60,
  emailMax: 254,
  /** The spec's minimum, still the login check: accounts made before issue 7 keep logging in. */
  passwordMin: 6,
  /** New passwords (sign-up, reset): at least 8 characters (issue 7, OWASP ASVS 2.1.1). */
  newPasswordMin: 8,
  passwordMax: 256,
  /** Delay before the e-mail and password fields are checked while typing. */
  fieldCheckDelayMs: 500,
  personSearchPageSize: 10,
  todoPageSize: 10,
  friendListPageSize: 30,
  requestTimeoutMs: 50_000,
  toastMs: 5_000,
  mutationToastMs: 10_000,
  mobileBreakpointPx: 992,
  sidebarWidthPx: 210,
  carouselIntervalMs: 5_000,
  carouselHeightPx: 600,
  avatarSizePx: 80,
  /** Session lifetime, extended on use (docs/accounts.md). */
  sessionDays: 30,
  /** Lifetime of the mailed registration and password-reset links. */
  mailLinkHours: 24,
  copyrightYear: 2025,
  // profile
  profileTextMax: 60,
  portfolioUrlMax: 100,
  achievementDescMax: 500,
  themesMax: 10,
  rewardsMax: 20,
  achievementsMax: 30,
  pageNumMax: 100_000,
  // uploads (docs/files.md: the limits the messages state)
  imageMaxBytes: 2 * 1024 * 1024,
  fileMaxBytes: 100 * 1024 * 1024,
  /** An image's width × height: a small file can declare a canvas that would exhaust memory to decode. */
  imageMaxPixels: 50_000_000,
  /**
   * Renditions of page files (docs/renditions.md): the largest canvas decoded (width × height; a
   * 1200-dpi B4 page is about 210 MP), and the long edge of the thumbnail and the screen preview.
   */
  renditionMaxPixels: 250_000_000,
  renditionThumbPx: 400,
  renditionPreviewPx: 2560,
  /**
   * What is read of a CLIP STUDIO file's database (docs/renditions.md, "Bounds of a .clip"): the
   * layers (a name each, kept and shown behind ページ情報; a file of more is shown from its
   * embedded preview, the first names kept), the characters kept of a layer's name, and the rows
   * of each table behind a layer's pixels (Mipmap, MipmapInfo, Offscreen).
   */
  clipLayersMax: 1000,
  clipLayerNameMax: 64,
  clipPixelRowsMax: 20_000,
  /**
   * Pixel blocks (256 px squares) a `.clip`'s composite inflates and draws, over all its layers:
   * 16,384 blocks are about 1.07 billion pixels, twenty full layers of a 600-dpi B4 page.
   */
  clipCompositeBlocksMax: 16_384,
  // people
  requestMessageMax: 200,
  recommendationCount: 6,
  noticePageSize: 20,
  /** Events per page of a project's activity. */
  projectEventsPageSize: 20,
  /** Open live-event streams (tabs) per account, over every instance (docs/access.md). */
  liveStreamsPerAccount: 10,
  /** While the live stream is refused, the notice lists reload this often instead. */
  liveFallbackPollMs: 60_000,
  searchNickMax: 60,
  // projects
  projectTitleMax: 60,
  /**
   * The series title's share of a file Koma names (docs/files.md, "Names of the files Koma makes"),
   * in UTF-8 bytes: the whole name stays well under the 255 bytes every disk allows.
   */
  fileNameSeriesBytes: 150,
  projectSummaryMax: 2000,
  recruitConditionMax: 500,
  recruitNumMax: 99,
  projectSearchPageSize: 10,
  boardPageSize: 20,
  boardPostMax: 1000,
  /** A chapter's editorial thread (docs/notices.md, "The editorial thread"): posts a page, longest post. */
  editorialThreadPageSize: 20,
  editorialThreadPostMax: 2000,
  /** The founder's own words with an editor invitation (docs/access.md, "Inviting the editor in charge"). */
  invitationMessageMax: 300,
  /** Editors found by name or address in the invite-editor dialog. */
  editorSearchMax: 20,
  fileNoteMax: 1000,
  folderNameMax: 60,
  // production
  pageNotePageSize: 100,
  noteMax: 1000,
  stepsPerPageMax: 20,
  chapterPagesMax: 1000,
  /** Days between the last step of every page and the check deadline, unless the founder says (docs/schedule.md). */
  dueBufferDaysDefault: 2,
  dueBufferDaysMax: 30,
  /**
   * Every day the API takes (schemas/day.ts, docs/api-conventions.md): wide enough for any real
   * deadline, narrow enough that a typo (year 0000, 20260) is a 400 rather than a date the
   * database refuses or the schedule plans around.
   */
  dayMin: '2000-01-01',
  dayMax: '2100-12-31',
  /** Reminders go out this many days before a step's due day, and on the day. */
  dueReminderDaysBefore: 2,
  /** The forecast's throughput: approved steps over this many past days. */
  forecastWindowDays: 28,
  /**
   * A kind of step (a position) has a pace of its own once the team has approved at least this
   * many of it over at least `forecastMinHistoryDays` days; until then FORECAST_PAGES_PER_DAY
   * stands in (docs/schedule.md, "Pace").
   */
  forecastMinHistory: 5,
  forecastMinHistoryDays: 7,
  /** Pages a day per person for a kind of step missing from FORECAST_PAGES_PER_DAY. */
  forecastDefaultPagesPerDay: 2,
  /**
   * While a pace is a default, the forecast is a range: that pace times this (earliest) and
   * divided by it (latest).
   */
  forecastSpread: 1.5,
  /** The dashboard forecasts this many of the user's chapters in production (nearest deadlines). */
  dashboardForecastChaptersMax: 50,
  /** The editor's timeline: at most this many chapters, worst first (docs/schedule.md). */
  timelineChaptersMax: 300,
  /** A finished chapter stays on the editor's timeline this many days past its check deadline. */
  timelineFinishedDays: 30,
  // red-pen marks (docs/marks.md)
  /** Points of one freehand (pen) stroke: a long stroke is thinned by the browser before saving. */
  markPointsMax: 2_000,
  /** A mark's first comment and each reply. */
  markCommentMax: 1000,
  /** The words of a text mark, written on the page itself. */
  markTextMax: 100,
  /** Marks of one page over all its revisions: a correction sheet stays readable. */
  marksPerPageMax: 200,
  /** Replies to one mark: a thread that runs longer is a talk for elsewhere, and a flood is refused. */
  markRepliesMax: 50,
  /**
   * Characters of a page's threads (every mark's comment and every reply, over all its revisions,
   * counted as PostgreSQL's char_length counts them): what one page's list and one page's section
   * of a correction sheet hold (docs/marks.md, "Limits").
   */
  pageThreadCharsMax: 50_000,
  /**
   * A correction sheet's page images: the preview scaled to this long edge (px) and re-encoded as
   * JPEG at this quality, about 200 dpi on the sheet's half of an A4 page, so a 200-page chapter
   * stays a file one can mail or print.
   */
  sheetImagePx: 1600,
  sheetJpegQuality: 80,
  /**
   * Correction sheets laid out at once per instance, each on a worker thread of its own, and how
   * many more may wait for one: past that the download is answered 503 with Retry-After.
   */
  sheetLayoutsAtOnce: 2,
  sheetLayoutQueueMax: 8,
  /** A sheet's worker thread: its JavaScript heap, so no sheet can take unbounded memory. */
  sheetWorkerHeapMb: 256,
  /** Sheets made, kept in memory to be sent again while unchanged: all of them, and one at most. */
  sheetCacheBytes: 64 * 1024 * 1024,
  sheetCacheEntryBytesMax: 32 * 1024 * 1024,
  /**
   * Downloads that compute (a delivery being made, a correction sheet being laid out) running at
   * once in an instance, deliveries and sheets together: past that one is answered 503 with
   * Retry-After. One person has at most `computedDownloadsPerUser` of them running at a time, from
   * any of their links: a second is answered 429 (docs/access.md, "Downloads that compute").
   */
  computedDownloadsAtOnce: 4,
  computedDownloadsPerUser: 1,
  /**
   * The access record (docs/access.md, "The access record"): rows are kept this many days, then
   * purged by the hourly sweep; a list page holds at most `accessRecordPageSize` rows and a CSV
   * export at most `accessRecordCsvMax`.
   */
  accessRecordDays: 400,
  accessRecordPageSize: 50,
  accessRecordCsvMax: 10_000,
  /** Watermarked pictures kept in memory per instance, all viewers together (docs/renditions.md). */
  watermarkCacheBytes: 64 * 1024 * 1024,
  /** Watermarks composited at once per instance; the rest wait their turn. */
  watermarksAtOnce: 2,
  /** Signed download links stay valid this long. */
  signedUrlSeconds: 600,
  /**
   * Links to renditions (thumbnails, previews, tiles) stay valid at least this long, rounded up to
   * the next `renditionLinkStepSeconds`, so a link stays the same for that step and the browser's
   * cache keeps the tiles: 20 to 30 minutes after a member loses access (docs/access.md).
   */
  renditionLinkSeconds: 20 * 60,
  renditionLinkStepSeconds: 10 * 60,
  /**
   * An open viewer asks for fresh links this often, well inside their shortest life, and its tiles
   * follow them without reopening the page (docs/viewer.md).
   */
  renditionLinkRefreshSeconds: 8 * 60,
  /** A team invitation can be answered this long (docs/access.md, "Inviting"). */
  teamInvitationDays: 14,
  /** The projects offered when inviting from a person's profile: the newest this many. */
  invitableProjects: 100,
  /** Invitations of one project waiting for an answer at once: bounds what a founder can send. */
  teamInvitationsPendingMax: 30,
  /** People the invitation dialog's nickname search offers at most. */
  invitePeopleMax: 20,
  /** The founder's list shows answered and withdrawn invitations this long. */
  teamInvitationsShownDays: 30,
  /**
   * Review links for people outside the team (docs/access.md, "Review links"): how long one lives
   * (asked when made: at first a week, at most 30 days), how many opens it allows, and the sizes
   * of what is typed into it.
   */
  reviewLinkDaysDefault: 7,
  reviewLinkDaysMax: 30,
  reviewLinkViewsDefault: 20,
  reviewLinkViewsMax: 500,
  reviewLinkLabelMax: 60,
  reviewLinkPagesMax: 200,
  reviewLinkPasswordMin: 6,
  reviewLinkPasswordMax: 256,
  reviewGuestNameMax: 40,
  /** Review links a chapter may hold, active or not: the list stays one screen. */
  reviewLinksPerChapterMax: 50,
} as const;

/**
 * Pages a day one person finishes of each kind of step (position id → pages), while the team has
 * no history of that kind (docs/schedule.md, "Pace": where the figures come from).
 */
export const FORECAST_PAGES_PER_DAY: Readonly<Record<number, number>> = {
  1: 10, // 原作: the script of a page
  2: 3, // メイン作画: pencils and inks of the characters
  3: 10, // ネーム: the storyboard
  4: 2, // キャラクターデザイン
  5: 2, // 背景デザイン
  6: 2, // 背景アシスタント: backgrounds, the heaviest assistant work
  7: 4, // モブアシスタント: crowds
  8: 2, // 着彩アシスタント: colour pages
  9: 5, // トーン・ベタアシスタント: tones and fills
  10: 5, // 効果アシスタント: effects
  11: 10, // 写植アシスタント: lettering
  12: 3, // その他アシスタント
  13: 10, // 進行管理
  14: 8, // 翻訳
};

/** Print specifications and preflight (docs/print.md). */
export const PRINT_LIMITS = {
  /** A page's pixels may differ from (trim + 2 × bleed) × dpi / 25.4 by this share, each side. */
  pixelTolerance: 0.01,
  trimMinMm: 30,
  trimMaxMm: 1000,
  bleedMaxMm: 20,
  dpiMin: 72,
  dpiMax: 2400,
  /** A reduction from the drawn page to print (docs/print.md, "The drawn page"), in per cent. */
  reductionMinPct: 30,
  reductionMaxPct: 100,
  webtoonWidthMinPx: 300,
  webtoonWidthMaxPx: 3000,
  /** The page counts a book may be asked to be a multiple of (docs/print.md, "Page count"). */
  pageMultiples: [1, 2, 4, 8, 16],
  /** The delivery's proof PDF shows each page at screen resolution: this long edge, JPEG at this quality. */
  proofImagePx: 1600,
  proofJpegQuality: 80,
  /** Delivery conversions (TIFF) running at once per instance, page by page in arrival order. */
  deliveryConversions: 1,
} as const;

const HOUR_MS = 60 * 60_000;
const MIB = 1024 * 1024;

/**
 * What one account may upload (docs/files.md, "Quota"), by count and by bytes within a sliding
 * window, each rule counting the upload types it names; past any, the upload answers 429 with the
 * rule's message, saying when it may go in again. Figures no real user meets: a studio hands in
 * many 50 MB pages a day, an avatar is chosen in a few tries, a folder takes reference files of a
 * few MB and now and then one of the largest 100 MB.
 */
export const UPLOAD_QUOTAS = [
  /** Avatars and profile backgrounds (at most 2 MiB each): the count binds. */
  {
    message: 'uploadQuotaPictures',
    types: [UploadType.AVATAR, UploadType.BACKGROUND],
    windowMs: HOUR_MS,
    files: 30,
    bytes: 60 * MIB,
  },
  /** Page files, covers and examples: a busy artist hands in a 40-page chapter of 100 MB twice over. */
  {
    message: 'uploadQuota',
    types: [UploadType.COVER, UploadType.PAGE, UploadType.SAMPLE],
    windowMs: HOUR_MS,
    files: 200,
    bytes: 8 * 1024 * MIB,
  },
  /** Folder files and proposals: ten of the largest an hour. */
  { message: 'uploadQuotaFiles', types: [UploadType.FILE], windowMs: HOUR_MS, files: 100, bytes: 1024 * MIB },
  /** Every type together in a day: bounds what an account can store within the sweep's grace. */
  {
    message: 'uploadQuotaDay',
    types: UPLOAD_TYPES,
    windowMs: 24 * HOUR_MS,
    files: 2_000,
    bytes: 64 * 1024 * MIB,
  },
] as const;

/** Attempts allowed per window before the server answers 429. */
export const RATE_LIMITS = {
  loginPerIp: { max: 30, windowMs: 60_000 },
  /**
   * Wrong passwords for one account from one client (an IPv4 address or an IPv6 /64): the
   * guessing limit. Keyed by both so a stranger cannot lock the owner out (docs/access.md).
   */
  loginFailuresPerClientAndEmail: { max: 10, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account from every client together: caps a distributed attack. */
  loginFailuresPerEmail: { max: 100, windowMs: 60 * 60_000 },
  /** Wrong passwords from one client, whatever the accounts: slows credential stuffing. */
  loginFailuresPerIp: { max: 100, windowMs: 60 * 60_000 },
  registerPerIp: { max: 10, windowMs: 60 * 60_000 },
  mailPerEmail: { max: 5, windowMs: 60 * 60_000 },
  /**
   * Team invitations (by account or by mail: each sends a mail) one inviter sends, and one project
   * sends whoever its inviters are (docs/access.md, "Inviting"): withdrawing and inviting again
   * under the pending maximum cannot turn the project into a mail cannon.
   */
  invitationsPerInviter: { max: 20, windowMs: 60 * 60_000 },
  invitationsPerProject: { max: 40, windowMs: 60 * 60_000 },
  /**
   * Opening a review link (docs/access.md, "Review links"): the route's pace per client, wrong
   * passwords per client and link (the guessing limit) and per link over every client, and
   * unknown tokens per client.
   */
  reviewOpenPerIp: { max: 30, windowMs: 60_000 },
  reviewPasswordFailuresPerClientAndLink: { max: 10, windowMs: 15 * 60_000 },
  reviewPasswordFailuresPerLink: { max: 100, windowMs: 60 * 60_000 },
  reviewLinkGuessesPerIp: { max: 20, windowMs: 60 * 60_000 },
  global: { max: 600, windowMs: 60_000 },
} as const;

/** A basic e-mail pattern, the same on both sides. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
