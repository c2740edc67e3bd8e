import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusMainHeading, MAIN_ID, mainHeading } from '../lib/main-heading';

/** How long a new screen may take to show its heading (its code and first data loading). */
const WAIT_MS = 5000;

/** Overlays that keep their own focus (a dialog or a popover opened by the new screen). */
const OVERLAY = '[role="dialog"], .ant-modal-wrap, .ant-drawer, .ant-popover, .ant-dropdown';

/** Focus on nothing: the page body, or an element a re-render removed. */
function lost(active: Element | null): boolean {
  return !active || active === document.body || !active.isConnected;
}

/**
 * Whether focus is still where the navigation left it: lost to the page body, on a removed
 * element, or in the page frame (skip link, menu, top bar) rather than in the new screen's main
 * region or an overlay it opened.
 */
function leftBehind(active: Element | null): boolean {
  if (!active || lost(active)) return true;
  if (!(active as HTMLElement).checkVisibility?.()) return true;
  if (document.getElementById(MAIN_ID)?.contains(active)) return false;
  return !active.closest(OVERLAY);
}

/** Watches the new screen until its h1 is there and focuses it, unless focus moved on meanwhile. */
function followNewScreen(): () => void {
  let placed: HTMLElement | null = null;
  const observer = new MutationObserver(() => place());
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  const place = () => {
    const active = document.activeElement;
    // Once on the heading, focus is followed only if the screen replaces it (a loading state's h1).
    const free = placed ? active === placed || lost(active) : leftBehind(active);
    if (!free) return stop();
    const heading = mainHeading();
    // A screen still loading has no h1 yet: wait for it rather than focus the whole region.
    if (heading?.tagName !== 'H1' || heading === active) return;
    if (focusMainHeading(heading)) placed = heading;
  };
  observer.observe(document.body, { childList: true, subtree: true });
  place();
  return stop;
}

/**
 * After each in-app navigation focus moves to the new screen's main heading, so that screen
 * readers announce it and Tab continues in its content (issue 18, Keyboard); otherwise it falls
 * to the page body. The first screen of a visit keeps the browser's own start, and an address
 * naming a section (#hash) leaves focus to that section (layout/use-scroll-to-hash.ts).
 */
export function useHeadingFocus(): void {
  const { pathname } = useLocation();
  const firstScreen = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per screen (path) shown
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    if (window.location.hash) return;
    return followNewScreen();
  }, [pathname]);
}
