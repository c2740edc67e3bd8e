import type { Route } from './endpoint.js';

/**
 * Every path of the API, by domain and call name: the only place a URL is written. The web
 * imports this file alone (`@koma/shared/routes`), without the schemas, so a screen's download
 * stays small; the contract (index.ts) joins each route with its schemas and `who`.
 */
export const routes = {
  // Watermarks and the access record (docs/renditions.md "Watermarks", docs/access.md "The access record").
  accessRecord: {
    watermark: { method: 'POST', path: '/api/access/watermark' },
    saveWatermark: { method: 'POST', path: '/api/access/saveWatermark' },
    list: { method: 'POST', path: '/api/access/records' },
    csv: { method: 'POST', path: '/api/access/recordsCsv' },
    code: { method: 'POST', path: '/api/access/watermarkCode' },
  },
  board: {
    list: { method: 'POST', path: '/api/messageBoard/getList' },
    add: { method: 'POST', path: '/api/messageBoard/add' },
  },
  editorialThread: {
    list: { method: 'POST', path: '/api/editorialThread/getList' },
    add: { method: 'POST', path: '/api/editorialThread/add' },
  },
  reference: {
    lists: { method: 'GET', path: '/api/user/registerInit' },
  },
  health: {
    live: { method: 'GET', path: '/api/health' },
    ready: { method: 'GET', path: '/api/ready' },
  },
  friends: {
    apply: { method: 'POST', path: '/api/friends/applyFriend' },
    deal: { method: 'POST', path: '/api/friends/dealFriend' },
    remove: { method: 'POST', path: '/api/friends/delFriend' },
    requests: { method: 'POST', path: '/api/friends/getWantedFriends' },
    search: { method: 'POST', path: '/api/friends/search' },
  },
  matching: {
    search: { method: 'POST', path: '/api/cartoonser/findCartoonser' },
    apply: { method: 'POST', path: '/api/friends/applyPairing' },
    deal: { method: 'POST', path: '/api/friends/dealPairing' },
  },
  profiles: {
    me: { method: 'GET', path: '/api/cartoonser/index' },
    detail: { method: 'GET', path: '/api/cartoonser/cartoonserDetail' },
    save: { method: 'POST', path: '/api/cartoonser/personalInfo' },
  },
  chapters: {
    list: { method: 'POST', path: '/api/chapter/getList' },
    add: { method: 'POST', path: '/api/chapter/add' },
    search: { method: 'POST', path: '/api/chapter/search' },
    detail: { method: 'POST', path: '/api/chapter/getDetails' },
    update: { method: 'POST', path: '/api/chapter/update' },
    submitNames: { method: 'POST', path: '/api/chapter/commitPages' },
    checkNames: { method: 'POST', path: '/api/chapter/editorCheckChapter' },
    approveAllPages: { method: 'POST', path: '/api/chapter/approveAllPages' },
  },
  pages: {
    list: { method: 'POST', path: '/api/page/getList' },
    add: { method: 'POST', path: '/api/page/addNew' },
    remove: { method: 'POST', path: '/api/page/delPage' },
    upload: { method: 'POST', path: '/api/page/uploadFile', transport: 'multipart' },
    link: { method: 'POST', path: '/api/page/downloadFile' },
    notes: { method: 'POST', path: '/api/page/getNoteList' },
    addNote: { method: 'POST', path: '/api/page/addNote' },
    check: { method: 'POST', path: '/api/page/editorCheck' },
    revisions: { method: 'POST', path: '/api/page/revisionList' },
  },
  workflow: {
    positions: { method: 'POST', path: '/api/workflow/positionMemberList' },
    plan: { method: 'POST', path: '/api/workflow/getPositionMembers' },
    savePlan: { method: 'POST', path: '/api/workflow/savePositionMembers' },
    handOver: { method: 'POST', path: '/api/workflow/handOver' },
    pages: { method: 'POST', path: '/api/workflow/pageWorkingProcessList' },
    page: { method: 'POST', path: '/api/workflow/pageWorkingProcessDetail' },
    start: { method: 'POST', path: '/api/workflow/actionStart' },
    commit: { method: 'POST', path: '/api/workflow/actionCommit' },
    pass: { method: 'POST', path: '/api/workflow/actionAuditPass' },
    reject: { method: 'POST', path: '/api/workflow/actionAuditReject' },
    history: { method: 'POST', path: '/api/workflow/commitList' },
    comments: { method: 'POST', path: '/api/workflow/commentList' },
    submitAudit: { method: 'POST', path: '/api/workflow/chapter/actionCommit' },
    passAudit: { method: 'POST', path: '/api/workflow/chapter/actionAuditPass' },
    rejectAudit: { method: 'POST', path: '/api/workflow/chapter/actionAuditReject' },
    downloadZip: { method: 'POST', path: '/api/workflow/downloadZip' },
    zip: { method: 'GET', path: '/api/workflow/zip', transport: 'file' },
    viewer: { method: 'POST', path: '/api/workflow/viewerPages' },
    fileDetails: { method: 'POST', path: '/api/workflow/fileDetails' },
  },
  marks: {
    list: { method: 'POST', path: '/api/marks/list' },
    add: { method: 'POST', path: '/api/marks/add' },
    reply: { method: 'POST', path: '/api/marks/reply' },
    resolve: { method: 'POST', path: '/api/marks/resolve' },
    confirm: { method: 'POST', path: '/api/marks/confirm' },
    reopen: { method: 'POST', path: '/api/marks/reopen' },
    remove: { method: 'POST', path: '/api/marks/remove' },
    sheetLink: { method: 'POST', path: '/api/marks/sheetLink' },
    sheet: { method: 'GET', path: '/api/marks/sheet', transport: 'file' },
  },
  schedule: {
    chapter: { method: 'POST', path: '/api/schedule/chapter' },
    moveDue: { method: 'POST', path: '/api/schedule/moveDue' },
    saveBuffer: { method: 'POST', path: '/api/schedule/saveBuffer' },
    timeline: { method: 'GET', path: '/api/schedule/timeline' },
  },
  calendar: {
    status: { method: 'GET', path: '/api/calendar/feedStatus' },
    make: { method: 'POST', path: '/api/calendar/makeFeed' },
    stop: { method: 'POST', path: '/api/calendar/stopFeed' },
    feed: { method: 'GET', path: '/api/calendar/feed.ics', transport: 'file' },
  },
  accounts: {
    register: { method: 'POST', path: '/api/user/register' },
    registerInvited: { method: 'POST', path: '/api/user/registerInvited' },
    login: { method: 'POST', path: '/api/user/login' },
    completeRegistration: { method: 'POST', path: '/api/user/completeRegistration' },
    resendConfirmation: { method: 'POST', path: '/api/user/resendConfirmation' },
    forgotPassword: { method: 'POST', path: '/api/user/forgotPassword' },
    resetPassword: { method: 'POST', path: '/api/user/resetPassword' },
    closeFirstLogin: { method: 'POST', path: '/api/user/closeFirstLogin' },
    logout: { method: 'GET', path: '/admin/logout' },
  },
  uploads: {
    upload: { method: 'POST', path: '/api/uploadFile/upload', transport: 'multipart' },
    file: { method: 'GET', path: '/api/files/*', transport: 'file' },
    rendition: { method: 'GET', path: '/api/renditions/*', transport: 'file' },
  },
  recruitment: {
    add: { method: 'POST', path: '/api/recruit/add' },
    detail: { method: 'POST', path: '/api/recruit/getDetail' },
    update: { method: 'POST', path: '/api/recruit/update' },
    cancel: { method: 'POST', path: '/api/recruit/cancel' },
    applicants: { method: 'POST', path: '/api/recruit/applyList' },
    apply: { method: 'POST', path: '/api/recruit/apply' },
    accept: { method: 'POST', path: '/api/recruit/accept' },
    reject: { method: 'POST', path: '/api/recruit/reject' },
  },
  folders: {
    dirs: { method: 'POST', path: '/api/dir/getDirList' },
    saveDir: { method: 'POST', path: '/api/dir/makeDir' },
    removeDir: { method: 'POST', path: '/api/dir/delDir' },
    files: { method: 'POST', path: '/api/file/getFilesInDir' },
    addFile: { method: 'POST', path: '/api/file/add' },
    removeFile: { method: 'POST', path: '/api/file/del' },
    link: { method: 'POST', path: '/api/file/downloadFile' },
    notes: { method: 'POST', path: '/api/file/getFileNote' },
    addNote: { method: 'POST', path: '/api/file/addFileNote' },
  },
  projects: {
    save: { method: 'POST', path: '/api/project/dealProject' },
    mine: { method: 'POST', path: '/api/project/searchProject' },
    detail: { method: 'GET', path: '/api/project/projectDetail' },
    complete: { method: 'POST', path: '/api/project/complete' },
    readingDirection: { method: 'POST', path: '/api/project/readingDirection' },
    editors: { method: 'POST', path: '/api/project/invitEditorList' },
    invite: { method: 'POST', path: '/api/project/invitEditor' },
    answer: { method: 'POST', path: '/api/project/dealInvitEditor' },
    search: { method: 'POST', path: '/api/project/search' },
    memberWork: { method: 'POST', path: '/api/project/memberWork' },
    removeMember: { method: 'POST', path: '/api/project/removeMember' },
    changeMember: { method: 'POST', path: '/api/project/changeMember' },
    leave: { method: 'POST', path: '/api/project/leave' },
    events: { method: 'POST', path: '/api/project/events' },
  },
  invitations: {
    invite: { method: 'POST', path: '/api/invitation/invite' },
    people: { method: 'POST', path: '/api/invitation/people' },
    inviteByMail: { method: 'POST', path: '/api/invitation/inviteByMail' },
    ofProject: { method: 'POST', path: '/api/invitation/ofProject' },
    withdraw: { method: 'POST', path: '/api/invitation/withdraw' },
    projects: { method: 'POST', path: '/api/invitation/projects' },
    mine: { method: 'POST', path: '/api/invitation/mine' },
    answer: { method: 'POST', path: '/api/invitation/answer' },
    link: { method: 'POST', path: '/api/invitation/link' },
    answerLink: { method: 'POST', path: '/api/invitation/answerLink' },
    allowInviter: { method: 'POST', path: '/api/invitation/allowInviter' },
  },
  seats: {
    ofProject: { method: 'POST', path: '/api/seat/ofProject' },
    people: { method: 'POST', path: '/api/seat/people' },
    invite: { method: 'POST', path: '/api/seat/invite' },
    withdraw: { method: 'POST', path: '/api/seat/withdraw' },
    remove: { method: 'POST', path: '/api/seat/remove' },
  },
  dashboard: {
    home: { method: 'GET', path: '/api/cartoonser/homePage' },
    todoCounts: { method: 'POST', path: '/api/todo/getAggregate' },
    todoList: { method: 'POST', path: '/api/todo/getList' },
  },
  notices: {
    list: { method: 'POST', path: '/api/notice/getList' },
    read: { method: 'POST', path: '/api/notice/read' },
    stream: { method: 'GET', path: '/api/notice/stream', transport: 'stream' },
    mailSettings: { method: 'POST', path: '/api/notice/mailSettings' },
    saveMailSettings: { method: 'POST', path: '/api/notice/saveMailSettings' },
    unsubscribe: { method: 'POST', path: '/api/notice/unsubscribe', transport: 'oneClick' },
  },
  // Print specification and preflight (docs/print.md).
  print: {
    projectSpec: { method: 'POST', path: '/api/print/projectSpec' },
    saveProjectSpec: { method: 'POST', path: '/api/print/saveProjectSpec' },
    chapterSpec: { method: 'POST', path: '/api/print/chapterSpec' },
    saveChapterSpec: { method: 'POST', path: '/api/print/saveChapterSpec' },
    preflight: { method: 'POST', path: '/api/print/preflight' },
    acceptErrors: { method: 'POST', path: '/api/print/acceptErrors' },
    delivery: { method: 'POST', path: '/api/print/delivery' },
    deliveryFile: { method: 'GET', path: '/api/print/deliveryFile' },
  },
  reviewLinks: {
    make: { method: 'POST', path: '/api/reviewLink/make' },
    list: { method: 'POST', path: '/api/reviewLink/list' },
    revoke: { method: 'POST', path: '/api/reviewLink/revoke' },
    revokeAll: { method: 'POST', path: '/api/reviewLink/revokeAll' },
  },
  review: {
    about: { method: 'POST', path: '/api/review/about' },
    open: { method: 'POST', path: '/api/review/open' },
    pages: { method: 'POST', path: '/api/review/pages' },
  },
} as const satisfies Record<string, Record<string, Route>>;

export type Routes = typeof routes;
export type Domain = keyof Routes;

/** The fixed start of a route whose path ends in `*` (the signed file links): `/api/files/`. */
export const routeBase = (route: Route): string => route.path.replace(/\*$/, '');

/** A route as tables and logs name it: `POST /api/user/login`. */
export const routeLabel = (route: Route): string => `${route.method} ${route.path}`;
