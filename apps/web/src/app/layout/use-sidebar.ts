import { COOKIE, LIMITS } from '@koma/shared/constants';
import Cookies from 'js-cookie';
import { useCallback, useEffect, useState } from 'react';
import { cookieOptions } from '../../lib/cookie-options';

/** Below 992 px the viewport counts as mobile: the menu is a drawer, not a column. */
const mobileQuery = `(max-width: ${LIMITS.mobileBreakpointPx - 0.02}px)`;
const COLLAPSED = '1';
const OPEN = '0';

const isMobileViewport = () => window.matchMedia(mobileQuery).matches;
const storedCollapsed = () => Cookies.get(COOKIE.sidebar) === COLLAPSED;

/**
 * The menu's state. On a desktop the sidebar column is collapsed or not, kept in the koma_sidebar
 * cookie ('1' collapsed, '0' open). On a phone the menu is a drawer over the page: closed at
 * first, and closed again whenever the screen (`pathname`) changes; `navigated` says that the
 * last close came from a change of screen (focus then goes to the new screen, not the button).
 */
export function useSidebar(pathname: string) {
  const [mobile, setMobile] = useState(isMobileViewport);
  const [collapsed, setCollapsed] = useState(storedCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [navigated, setNavigated] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);

  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (drawerOpen) {
      setDrawerOpen(false);
      setNavigated(true);
    }
  }

  useEffect(() => {
    const media = window.matchMedia(mobileQuery);
    const onChange = (event: MediaQueryListEvent) => {
      setMobile(event.matches);
      setDrawerOpen(false);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  const toggle = useCallback(() => {
    if (mobile) {
      setNavigated(false);
      setDrawerOpen((open) => !open);
      return;
    }
    setCollapsed((current) => {
      const next = !current;
      Cookies.set(COOKIE.sidebar, next ? COLLAPSED : OPEN, cookieOptions(365));
      return next;
    });
  }, [mobile]);

  const closeDrawer = useCallback(() => {
    setNavigated(false);
    setDrawerOpen(false);
  }, []);

  /** A link in the drawer was followed (also to the screen already shown). */
  const leaveDrawer = useCallback(() => {
    setNavigated(true);
    setDrawerOpen(false);
  }, []);

  return { mobile, collapsed, drawerOpen, navigated, toggle, closeDrawer, leaveDrawer };
}
