import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Every new screen starts at the top: the browser keeps the window's scroll across in-app
 * navigations, so a screen opened from far down a long one (the profile form's 確認) opened
 * scrolled down (issue 18). Only a change of path resets it: a screen that keeps its tab or
 * filters in the query string stays where the reader is. Back and forward (POP) keep the browser's
 * own restoration.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per screen (path) shown
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
}
