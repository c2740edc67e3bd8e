import { useCallback, useEffect, useRef, useState } from 'react';
import { type Location, useBlocker } from 'react-router';
import { confirmDialog } from '../../lib/feedback';
import { i18n } from '../../lib/i18n';

/** Asks whether to throw away what was typed: true when the user chooses to discard. */
export function askDiscard(kind: 'leave' | 'close'): Promise<boolean> {
  return confirmDialog(i18n.t(`unsaved.${kind}Text`), i18n.t(`unsaved.${kind}`), {
    title: i18n.t('unsaved.title'),
    danger: true,
    cancelText: i18n.t('unsaved.keepEditing'),
  });
}

/** While `dirty`, closing or reloading the tab makes the browser ask first. */
export function useBeforeUnloadWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium versions ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

interface GuardOptions {
  /** A destination that keeps the changes (e.g. the form's own confirmation screen): never asked. */
  keeps?: (to: Location) => boolean;
  /** Runs when the user chooses to discard and leave (e.g. to forget a kept draft). */
  onDiscard?: () => void;
  /**
   * Whether closing or reloading the tab asks too (default true). false where a reload keeps
   * the changes anyway (a confirmation screen whose draft is kept for the tab).
   */
  unload?: boolean;
}

export interface UnsavedChangesGuard {
  /** Lets the screen's own navigation through: call it right before leaving after a save. */
  release: () => void;
}

const samePlace = (a: Location, b: Location) => a.pathname === b.pathname && a.search === b.search;

/**
 * A form screen with unsaved changes asks before it is left: a link, the menu, Back (the
 * router's blocker, one per screen) and closing or reloading the tab (`beforeunload`). The
 * question offers 破棄して移動 and 編集を続ける.
 */
export function useUnsavedChangesGuard(dirty: boolean, options: GuardOptions = {}): UnsavedChangesGuard {
  const released = useRef(false);
  const opts = useRef(options);
  opts.current = options;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !released.current &&
      !samePlace(currentLocation, nextLocation) &&
      !(opts.current.keeps?.(nextLocation) ?? false),
  );
  useBeforeUnloadWarning(dirty && options.unload !== false);

  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void askDiscard('leave').then((discard) => {
      asking.current = false;
      if (!discard) {
        blocker.reset();
        return;
      }
      opts.current.onDiscard?.();
      blocker.proceed();
    });
  }, [blocker]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { release };
}

export interface DialogGuard {
  /** Call on every change the user makes (antd Form's onValuesChange, an upload). */
  edited: () => void;
  /** What was entered has been sent and cleared, the dialog stays open (a composer). */
  sent: () => void;
  /** Closes without asking: after a successful save. */
  close: () => void;
  /** Closes, asking first when something was entered: ×, Esc, キャンセル, a click beside it. */
  cancel: () => void;
  /** Runs `action` that throws the entry away inside the dialog (another page), asking first. */
  leave: (action: () => void) => void;
}

/**
 * A dialog with typed text asks before it is closed without saving (破棄して閉じる /
 * 編集を続ける), and the browser asks before the tab is closed or reloaded.
 */
export function useDiscardOnClose(onClose: () => void): DialogGuard {
  const [dirty, setDirty] = useState(false);
  useBeforeUnloadWarning(dirty);
  const close = () => {
    setDirty(false);
    onClose();
  };
  const ask = (kind: 'leave' | 'close', action: () => void) => {
    if (!dirty) {
      action();
      return;
    }
    void askDiscard(kind).then((discard) => {
      if (!discard) return;
      setDirty(false);
      action();
    });
  };
  return {
    edited: () => setDirty(true),
    sent: () => setDirty(false),
    close,
    cancel: () => ask('close', close),
    leave: (action) => ask('leave', action),
  };
}
