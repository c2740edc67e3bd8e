import { expect, type Locator, type Page } from '@playwright/test';

interface FocusRing {
  /** What is focused: its tag and accessible text, for the failure message. */
  what: string;
  /** The outline's contrast with the colour around it (WCAG 2.2 asks 3:1). */
  contrast: number;
  width: number;
}

/**
 * The focused element's focus indicator: its outline, or for a form field (antd draws those as a
 * ring, `box-shadow: 0 0 0 2px`, on the field or the wrapper around it) the ring; its width and
 * the contrast of its colour with what it is drawn on (the element's own background for an
 * outline inside it, else the nearest ancestor's).
 */
function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(() => {
    const rgba = (value: string): number[] => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R, G, B] = [r, g, b].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const backgroundOf = (from: HTMLElement | null): number[] => {
      for (let behind = from; behind; behind = behind.parentElement) {
        const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(behind).backgroundColor);
        if (a > 0.5) return [r, g, b];
      }
      return [255, 255, 255];
    };
    /** A spread-only box-shadow ring (`<colour> 0px 0px 0px <spread>`) on the element, if any. */
    const ringOf = (node: HTMLElement) => {
      const match = getComputedStyle(node).boxShadow.match(/(rgba?\([^)]*\)) 0px 0px 0px ([\d.]+)px/);
      return match ? { colour: match[1] as string, width: Number(match[2]) } : null;
    };
    const el = document.activeElement as HTMLElement;
    /** A visible outline on the element, if any. */
    const outlineOf = (node: HTMLElement) => {
      const style = getComputedStyle(node);
      const width = Number.parseFloat(style.outlineWidth);
      const [, , , alpha = 1] = rgba(style.outlineColor);
      if (style.outlineStyle === 'none' || width <= 0 || alpha === 0) return null;
      return { colour: style.outlineColor, width, inside: Number.parseFloat(style.outlineOffset) < 0 };
    };
    // antd draws the focus of a field on a wrapper (text fields, selects), and of a radio or a
    // check box on the box beside its hidden input.
    const hosts = [el];
    if (el.matches('input[type="radio"], input[type="checkbox"]') && el.nextElementSibling)
      hosts.push(el.nextElementSibling as HTMLElement);
    if (el.matches('input, textarea, [role="combobox"]'))
      for (let up = el.parentElement, i = 0; up && i < 4; up = up.parentElement, i += 1) hosts.push(up);
    const indicator = hosts
      // A hidden input (antd's radios and check boxes) draws nothing, whatever its style says.
      .filter((on) => getComputedStyle(on).opacity !== '0')
      .map((on) => {
        const outline = outlineOf(on);
        if (outline) return { ...outline, on };
        const ring = ringOf(on);
        return ring && rgba(ring.colour)[3] !== 0 ? { ...ring, inside: false, on } : null;
      })
      .find((found) => found !== null);
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20) ?? '';
    const what = `${el.tagName.toLowerCase()} "${label}"`;
    if (!indicator) return { what, contrast: 0, width: 0 };
    const background = backgroundOf(indicator.inside ? indicator.on : indicator.on.parentElement);
    const [r = 0, g = 0, b = 0, a = 1] = rgba(indicator.colour);
    const ring = [r, g, b].map((v, i) => v * a + (background[i] ?? 255) * (1 - a));
    const [light, dark] = [luminance(ring), luminance(background)].sort((x, y) => y - x) as [number, number];
    return { what, contrast: (light + 0.05) / (dark + 0.05), width: indicator.width };
  });
}

/** Focus is on an element (not the page body) and its indicator is at least 2 px at 3:1 contrast. */
export async function expectVisibleFocus(page: Page): Promise<string> {
  // Focus may take a moment to settle (a dialog closing hands it back after it has left the page).
  await expect
    .poll(() => page.evaluate(() => document.activeElement === document.body), {
      message: 'focus on the page body',
      timeout: 2_000,
    })
    .toBe(false);
  const ring = await focusRing(page);
  expect(ring.width, `focus outline of ${ring.what}`).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, `focus outline contrast of ${ring.what}`).toBeGreaterThanOrEqual(3);
  return ring.what;
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, every stop on the way showing a
 * visible focus; fails after `max` presses, naming the stops.
 */
export async function tabTo(page: Page, target: Locator, { max = 30, back = false } = {}): Promise<void> {
  const stops: string[] = [];
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    stops.push(await expectVisibleFocus(page));
  }
  await expect(target, `Tab stops: ${stops.join(', ')}`).toBeFocused();
}
