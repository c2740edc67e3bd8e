import { type ReactNode, Suspense, useState } from 'react';

interface OpenedOnceProps {
  open: boolean;
  children: ReactNode;
  /**
   * false: no Suspense boundary of its own, so the screen around waits for the dialog's code
   * (a dialog that opens with the screen appears with it, as if it had not been lazy).
   */
  boundary?: boolean;
}

/**
 * Renders a lazily loaded dialog from the first time it opens. Until `open` is first true nothing
 * is rendered or downloaded, which keeps antd's Modal, forms and tables out of a screen's first
 * load; from then on the dialog stays mounted, so its closing animation and state behave as usual.
 */
export function OpenedOnce({ open, children, boundary = true }: OpenedOnceProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return boundary ? <Suspense fallback={null}>{children}</Suspense> : children;
}
