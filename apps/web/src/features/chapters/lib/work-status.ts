import { AuditStatus, StepStatus } from '@koma/shared/constants';
import type { ChapterDetails } from '@koma/shared/schemas';

/**
 * The work screen's pure rules (/chapter/details; docs/production.md, docs/states.md): how a
 * status looks, which buttons show, how the progress reads.
 */

export interface TagLook {
  /** antd Tag `color`. */
  color?: string;
  /**
   * antd's status tags (processing, success, warning) fall short of WCAG AA contrast for small
   * text: the global koma-tag-info, koma-tag-warn and koma-tag-ok darken them; red passes.
   */
  className?: string;
}

/**
 * A step's (or a page's) status tag: 0 default, 1 processing (blue), 5 warning (orange),
 * -10 error (red), 10 success (green), each dark enough to read.
 */
export function stepStatusLook(status: number | null): TagLook {
  switch (status) {
    case StepStatus.IN_PROGRESS:
      return { className: 'koma-tag-info' };
    case StepStatus.AWAITING_APPROVAL:
      return { className: 'koma-tag-warn' };
    case StepStatus.REJECTED:
      return { color: 'red' };
    case StepStatus.DONE:
      return { className: 'koma-tag-ok' };
    default:
      return {};
  }
}

/** The final audit as the screen shows it: null when not submitted. */
export type AuditView = 'rejected' | 'waiting' | 'passed' | null;

export function auditView(auditStatus: number | null | undefined): AuditView {
  if (auditStatus === AuditStatus.REJECTED) return 'rejected';
  if (auditStatus === AuditStatus.WAITING) return 'waiting';
  if (auditStatus === AuditStatus.PASSED) return 'passed';
  return null;
}

export interface ShowButtons {
  edit: boolean;
  submit: boolean;
  audit: boolean;
  sign_off: boolean;
}

export interface WorkButtons {
  /** The zip of the finished pages: every member. */
  downloadZip: boolean;
  /** Episode info and 校了締切: the founder and the editorial side, unless the final audit has passed. */
  editInfo: boolean;
  /** 作業フロー編集 → /chapter/settings. */
  editFlow: boolean;
  /** 校了申請 (the founder, every page done). */
  submit: boolean;
  /** The editorial desk's 否決 of the final audit. */
  audit: boolean;
  /** 承認 (校了): the editor in charge or a 編集長. */
  signOff: boolean;
}

/** The header buttons: the server's show_buttons, and the founder's episode-info edit. */
export function workButtons(
  viewer: Pick<ChapterDetails, 'viewer' | 'audit_status'>,
  show: ShowButtons | null | undefined,
): WorkButtons {
  return {
    downloadZip: true,
    // The founder and the editorial side own the chapter's information and days (docs/access.md).
    editInfo: viewer.viewer.is_editorial && viewer.audit_status !== AuditStatus.PASSED,
    editFlow: show?.edit === true,
    submit: show?.submit === true,
    audit: show?.audit === true,
    signOff: show?.sign_off === true,
  };
}

export interface StepMenu {
  download: boolean;
  history: boolean;
  /** The sendings back; not offered for the first page, as in the original. */
  comments: boolean;
}

/** The per-step menu: download once there is a file; comments except on the first page. */
export function stepMenu(downloadUrl: string, pageNum: number): StepMenu {
  return { download: downloadUrl !== '', history: true, comments: pageNum !== 1 };
}
