import { LIMITS } from '@koma/shared/constants';
import type { App } from 'antd';
import { i18n } from './i18n';
import { removeToken } from './token';

/**
 * Toasts and dialogs need antd's App context. The providers mount a small host
 * (app/feedback-host.tsx) that hands App.useApp() to this module, so non-React code such as the
 * API client can use it. The host is loaded on first need, keeping it out of the first page load;
 * anything asked for before it is ready waits in a queue.
 */
type FeedbackApis = ReturnType<typeof App.useApp>;
type Action = (apis: FeedbackApis) => void;

let apis: FeedbackApis | null = null;
let hostWanted = false;
const queue: Action[] = [];
const listeners = new Set<() => void>();

export function setFeedbackApis(next: FeedbackApis | null): void {
  apis = next;
  if (!apis) return;
  for (const action of queue.splice(0)) action(apis);
}

/** Asks the providers to mount the feedback host (busy overlay, toasts, dialogs). */
export function wantFeedbackHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of listeners) listener();
}

export function subscribeFeedbackHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isFeedbackHostWanted = () => hostWanted;

function run(action: Action): void {
  if (apis) {
    action(apis);
    return;
  }
  queue.push(action);
  wantFeedbackHost();
}

const seconds = (ms: number) => ms / 1000;

/** Generic error toast, 5 s. */
export function toastError(text: string): void {
  run((a) => a.message.error({ content: text, duration: seconds(LIMITS.toastMs) }));
}

export function toastWarning(text: string): void {
  run((a) => a.message.warning({ content: text, duration: seconds(LIMITS.toastMs) }));
}

export function toastInfo(text: string): void {
  run((a) => a.message.info({ content: text, duration: seconds(LIMITS.toastMs) }));
}

/** Success of a mutation: 10 s and closable. */
export function toastSuccess(text: string): void {
  run((a) =>
    a.notification.success({
      title: text,
      duration: seconds(LIMITS.mutationToastMs),
      closable: true,
      placement: 'top',
    }),
  );
}

let loggedOutDialogOpen = false;

/** The one "you are logged out" dialog; further calls while it is open do nothing. */
export function showLoggedOutDialog(): void {
  if (loggedOutDialogOpen) return;
  loggedOutDialogOpen = true;
  run((a) =>
    a.modal.confirm({
      title: i18n.t('session.loggedOutTitle'),
      content: i18n.t('session.loggedOutBody'),
      okText: i18n.t('session.relogin'),
      cancelText: i18n.t('common.cancel'),
      onOk: () => {
        removeToken();
        window.location.reload();
      },
      afterClose: () => {
        loggedOutDialogOpen = false;
      },
    }),
  );
}

/** A warning dialog, e.g. a failed upload titled 注意 with the server's info. */
export function alertWarning(title: string, content: string): void {
  run((a) => a.modal.warning({ title, content, okText: i18n.t('common.ok') }));
}

/**
 * A yes/no confirmation; resolves true when confirmed. With `opts.title` the text becomes the
 * body under that title (e.g. 注意 before a permanent deletion).
 */
export function confirmDialog(
  content: string,
  okText: string,
  opts: { title?: string; danger?: boolean; cancelText?: string } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    run((a) =>
      a.modal.confirm({
        title: opts.title ?? content,
        content: opts.title ? content : undefined,
        okText,
        okButtonProps: opts.danger ? { danger: true } : undefined,
        cancelText: opts.cancelText ?? i18n.t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  });
}
