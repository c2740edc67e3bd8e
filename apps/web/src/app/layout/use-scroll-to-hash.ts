import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a screen may take to draw the element its address names. */
const WAIT_MS = 10_000;

/**
 * Brings the element an address's #hash names into view once the screen has drawn it, and focus
 * there, as a screen reader expects (the main heading's focus, use-heading-focus.ts, stands aside):
 * the browser looks for it only when the page loads, before the screen has read its data, so a
 * mail's link to the mail settings (`MAIL_SETTINGS_PATH`) opened the top of the page (issue 30).
 */
export function useScrollToHash(): void {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same #hash on another screen is looked for again
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const reveal = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus({ preventScroll: true });
      return true;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => {
      if (reveal()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
}
