import { COOKIE, LIMITS } from '@koma/shared';
import Cookies from 'js-cookie';
import { useCallback, useEffect, useState } from 'react';
import { cookieOptions } from '../../lib/cookie-options';

/** Below 992 px the viewport counts as mobile and the sidebar closes. */
const mobileQuery = `(max-width: ${LIMITS.mobileBreakpointPx - 0.02}px)`;
const COLLAPSED = '1';
const OPEN = '0';

const isMobileViewport = () => window.matchMedia(mobileQuery).matches;
const storedCollapsed = () => Cookies.get(COOKIE.sidebar) === COLLAPSED;

/**
 * The sidebar's collapsed state, kept in the koma_sidebar cookie ('1' collapsed, '0' open).
 * On a phone it starts closed and closes again whenever the screen (`pathname`) changes.
 */
export function useSidebar(pathname: string) {
  const [mobile, setMobile] = useState(isMobileViewport);
  const [collapsed, setCollapsed] = useState(() => isMobileViewport() || storedCollapsed());
  const [shownPath, setShownPath] = useState(pathname);

  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (mobile) setCollapsed(true);
  }

  useEffect(() => {
    const media = window.matchMedia(mobileQuery);
    const onChange = (event: MediaQueryListEvent) => {
      setMobile(event.matches);
      setCollapsed(event.matches || storedCollapsed());
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      // On a phone the sidebar is closed by default; only the desktop choice is remembered.
      if (!mobile) Cookies.set(COOKIE.sidebar, next ? COLLAPSED : OPEN, cookieOptions(365));
      return next;
    });
  }, [mobile]);

  return { collapsed, mobile, toggle };
}
