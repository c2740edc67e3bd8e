/** The id of every layout's main region, the target of the skip link. */
export const MAIN_ID = 'main-content';

/** The page's main heading (its h1), or its main region when it has none yet. */
export function mainHeading(): HTMLElement | null {
  const main = document.getElementById(MAIN_ID) ?? document.querySelector<HTMLElement>('main');
  return main?.querySelector<HTMLElement>('h1') ?? main;
}

/**
 * Moves focus to the page's main heading, so that a screen reader announces the page and the next
 * Tab starts in its content. Headings are not focusable by themselves: tabIndex -1 lets a script
 * focus one without adding it to the Tab order.
 */
export function focusMainHeading(target: HTMLElement | null = mainHeading()): boolean {
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
  return document.activeElement === target;
}
