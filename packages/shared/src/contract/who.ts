/**
 * Who may call an endpoint, declared once per endpoint in the contract. The server applies it
 * before the handler (apps/server/src/http/guards.ts); authorization-matrix.test.ts holds every
 * route to it, actor by actor. Project roles are relative to the project the input names: a
 * non-member gets 404 (they are not told the project exists), a member without the role 403
 * (docs/error-codes.md).
 */
export const Who = {
  /** Anyone, logged in or not. */
  PUBLIC: 'public',
  /** Anyone holding a link signed by a call that checked access, or a public file (avatar, cover). */
  SIGNED_LINK: 'signedLink',
  /** Any logged-in user: their own account, or what every user may see and do. */
  USER: 'user',
  /** The user the object belongs to or is addressed to: a friend or pairing request, an invitation, a friendship. */
  OWNER: 'owner',
  /** A member of the project: founder, accepted applicant, editor in charge or editorial seat. */
  MEMBER: 'member',
  /** A member other than the editorial side (docs/production.md "creators"): writes the storyboard. */
  CREATOR: 'creator',
  /**
   * The founder or a main artist (position 2): approves page work, though never their own step
   * while someone else may (apps/server/src/modules/workflow/step-approval.policy.ts).
   */
  APPROVER: 'approver',
  /** The member the work-flow step is assigned to (for a storyboard mark: any creator, docs/marks.md). */
  ASSIGNEE: 'assignee',
  /**
   * Who may judge the page a red-pen mark is on (docs/marks.md): the editor in charge on every
   * page, the step's deciders for a step's revision (nobody judges their own work:
   * step-approval.policy.ts). Judging marks is not approving the step.
   */
  REVIEWER: 'reviewer',
  /** The step's assignee (any creator for a storyboard mark) or one who may judge the page. */
  ASSIGNEE_OR_REVIEWER: 'assigneeOrReviewer',
  /** The project's editor in charge alone. */
  EDITOR_IN_CHARGE: 'editorInCharge',
  /**
   * The editorial desk: the editor in charge and the editorial seats (副担当, 編集長). They review the
   * storyboard, judge red-pen marks, accept preflight errors and send the final audit back
   * (docs/access.md, "Editorial seats").
   */
  EDITORIAL_DESK: 'editorialDesk',
  /** Who passes 校了: the editor in charge or a 編集長 (docs/access.md, "Editorial seats"). */
  SIGN_OFF: 'signOff',
  /**
   * The founder or the editorial side (editor in charge, 副担当, 編集長): they own the chapters'
   * deadlines, due days, buffer and print specification (docs/access.md, "Editorial seats").
   */
  EDITORIAL: 'editorial',
  /** The project's founder. */
  FOUNDER: 'founder',
  /**
   * The founder or the editor in charge: who adds and removes the editorial seats (docs/access.md,
   * "Editorial seats").
   */
  FOUNDER_OR_EDITOR: 'founderOrEditor',
  /**
   * The founder or a member she allowed to invite (docs/access.md, "Inviting"): the grant is a
   * row of `project_inviters`, ended by taking it back, leaving or being removed.
   */
  INVITER: 'inviter',
  /**
   * A guest of one review link (docs/access.md, "Review links"): the guest token from opening it,
   * in its own header; it reaches that link's chapter, pages or revision and nothing else. No
   * session is needed and none is used.
   */
  GUEST: 'guest',
} as const;
export type Who = (typeof Who)[keyof typeof Who];

/** Callable without a session (a guest's call needs its guest token instead). */
export const OPEN_WHO = [Who.PUBLIC, Who.SIGNED_LINK, Who.GUEST] as const satisfies readonly Who[];

/** Checked against the project named by the input's `projectId`. */
export const PROJECT_WHO = [
  Who.MEMBER,
  Who.EDITOR_IN_CHARGE,
  Who.EDITORIAL_DESK,
  Who.SIGN_OFF,
  Who.EDITORIAL,
  Who.FOUNDER,
  Who.FOUNDER_OR_EDITOR,
  Who.INVITER,
] as const satisfies readonly Who[];
export type ProjectWho = (typeof PROJECT_WHO)[number];

export function isOpenWho(who: Who): boolean {
  return (OPEN_WHO as readonly Who[]).includes(who);
}

export function isProjectWho(who: Who): who is ProjectWho {
  return (PROJECT_WHO as readonly Who[]).includes(who);
}
