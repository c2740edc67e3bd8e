/**
 * Query keys shared across screens: the live event stream (app/layout) and the screens that
 * change the same data invalidate them without importing each other's features.
 */
export const queryKeys = {
  notices: ['notices'] as const,
  wantedFriends: ['wantedFriends'] as const,
  friends: ['friends'] as const,
  homePage: ['homePage'] as const,
  todo: ['todo'] as const,
  personSearch: ['personSearch'] as const,
  profileDetail: (uid: number) => ['profileDetail', uid] as const,
  profileDetails: ['profileDetail'] as const,
  /** My / joined project lists (searchProject). */
  projects: ['projects'] as const,
  projectDetail: (proId: number) => ['projectDetail', proId] as const,
  projectDetails: ['projectDetail'] as const,
  /** A member's open steps (projects.memberWork), and every member's of a project. */
  memberWork: (projectId: number, userId: number) => ['memberWork', projectId, userId] as const,
  memberWorkOf: (projectId: number) => ['memberWork', projectId] as const,
  /** The project's activity (projects.events), every page of it. */
  projectEvents: (projectId: number) => ['projectEvents', projectId] as const,
  watermark: (projectId: number) => ['watermark', projectId] as const,
  accessRecords: (projectId: number, filter: object) => ['accessRecords', projectId, filter] as const,
  /** Recruitment details and applicants of every project (recruit/getDetail, recruit/applyList). */
  recruit: ['recruit'] as const,
  recruitOf: (projectId: number) => ['recruit', projectId] as const,
  chapters: (projectId: number) => ['chapters', projectId] as const,
  board: (projectId: number) => ['board', projectId] as const,
  /** A chapter's editorial thread (founder and editorial side only). */
  editorialThread: (chapterId: number) => ['editorialThread', chapterId] as const,
  dirs: (projectId: number) => ['dirs', projectId] as const,
  files: (projectId: number, dirId: number) => ['files', projectId, dirId] as const,
  fileNotes: (fileId: number) => ['fileNotes', fileId] as const,
  projectSearch: ['projectSearch'] as const,
  /** Everything of one chapter (details, draft pages, work flow): a live CHAPTER event reloads it. */
  chapter: (chapterId: number) => ['chapter', chapterId] as const,
  chapterDetails: (chapterId: number) => ['chapter', chapterId, 'details'] as const,
  draftPages: (chapterId: number) => ['chapter', chapterId, 'draftPages'] as const,
  /** Every file a storyboard page was given (pages.revisions): reloaded with the chapter. */
  pageRevisions: (chapterId: number, pageId: number) =>
    ['chapter', chapterId, 'pageRevisions', pageId] as const,
  pageNotes: (pageId: number) => ['pageNotes', pageId] as const,
  pageAssignment: (chapterId: number) => ['chapter', chapterId, 'assignment'] as const,
  workPages: (chapterId: number) => ['chapter', chapterId, 'workPages'] as const,
  viewerPages: (chapterId: number) => ['chapter', chapterId, 'viewer'] as const,
  /** One file's details (a `.clip`'s layer names): a file's are fixed once rendered. */
  fileDetails: (uploadId: number) => ['fileDetails', uploadId] as const,
  /** Due days, approvals and the forecast of a chapter (schedule.chapter). */
  schedule: (chapterId: number) => ['chapter', chapterId, 'schedule'] as const,
  /** Every chapter of the projects the user edits, with forecasts (schedule.timeline). */
  editorTimeline: ['editorTimeline'] as const,
  workPage: (chapterId: number, pageId: number) => ['chapter', chapterId, 'workPage', pageId] as const,
  stepHistory: (stepId: number) => ['stepHistory', stepId] as const,
  /** Every step's history (its per-revision mark counts follow a live MARKS event). */
  stepHistories: ['stepHistory'] as const,
  /** A page's red-pen marks (marks.list, any revision): a live MARKS event reloads them. */
  pageMarks: (pageId: number) => ['marks', pageId] as const,
  chapterSearch: ['chapterSearch'] as const,
  /** Team invitations: a project's (the founder's list) and the caller's own waiting ones. */
  invitations: ['invitations'] as const,
  projectInvitations: (projectId: number) => ['invitations', 'project', projectId] as const,
  myInvitations: ['invitations', 'mine'] as const,
  invitableProjects: ['invitations', 'projects'] as const,
  invitationLink: (token: string) => ['invitations', 'link', token] as const,
  /** A project's editorial seats and their waiting invitations (under invitations: an answer reloads them). */
  projectSeats: (projectId: number) => ['invitations', 'seats', projectId] as const,
};
