import { lazy } from 'react';
import { OpenedOnce } from '../opened-once';
import type { MessageDialogProps } from './message-dialog-modal';

export type { MessageDialogProps };

const MessageDialogModal = lazy(() => import('./message-dialog-modal'));

/**
 * A request or reply with an optional message (pairing and friend requests and their answers).
 * The antd Modal and form load on first open (message-dialog-modal.tsx).
 */
export function MessageDialog(props: MessageDialogProps) {
  return (
    <OpenedOnce open={props.open}>
      <MessageDialogModal {...props} />
    </OpenedOnce>
  );
}
