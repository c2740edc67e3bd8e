import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a screen may take to draw the element its address names, and to settle around it. */
const WAIT_MS = 10_000;
/** The screen is taken as settled once nothing has changed for this long after the element showed. */
const SETTLED_MS = 1_500;
/** What the user does to move the page themselves: from then on the page is theirs. */
const USER_MOVES = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Brings the element an address's #hash names into view once the screen has drawn it, and focus
 * there, as a screen reader expects (the main heading's focus, use-heading-focus.ts, stands aside):
 * the browser looks for it only when the page loads, before the screen has read its data, so a
 * mail's link to the mail settings (`MAIL_SETTINGS_PATH`) opened the top of the page (issue 30).
 * The element is kept at the top while the screen still loads around it (the profile form above
 * the mail settings fills in after them, and a CI machine under load once showed the page's top
 * instead), until the screen settles or the user moves the page.
 */
export function useScrollToHash(): void {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same #hash on another screen is looked for again
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    let focused = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const reveal = () => {
      const target = document.getElementById(id);
      if (!target) return;
      if (Math.abs(target.getBoundingClientRect().top) > 1) target.scrollIntoView({ block: 'start' });
      if (!focused) {
        if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
        target.focus({ preventScroll: true });
        focused = true;
      }
      clearTimeout(settle);
      settle = setTimeout(stop, SETTLED_MS);
    };
    const observer = new MutationObserver(reveal);
    const resized = new ResizeObserver(reveal);
    const timer = setTimeout(stop, WAIT_MS);
    function stop() {
      observer.disconnect();
      resized.disconnect();
      clearTimeout(timer);
      clearTimeout(settle);
      for (const move of USER_MOVES) window.removeEventListener(move, stop);
      window.removeEventListener('scroll', reveal);
    }
    for (const move of USER_MOVES) window.addEventListener(move, stop, { passive: true });
    // A scroll the user did not start (a field focused as the form fills in) is undone too.
    window.addEventListener('scroll', reveal, { passive: true });
    observer.observe(document.body, { childList: true, subtree: true });
    resized.observe(document.body);
    reveal();
    return stop;
  }, [pathname, hash]);
}
