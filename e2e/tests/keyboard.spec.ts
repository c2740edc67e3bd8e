import { expect, type Page, test } from '@playwright/test';
import { apiPerson, bell, sideLink } from '../support/people.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo', viewport: { width: 1366, height: 900 } });

interface FocusRing {
  /** What is focused: its tag and accessible text, for the failure message. */
  what: string;
  /** The outline's contrast with the colour around it (WCAG 2.2 asks 3:1). */
  contrast: number;
  width: number;
}

/**
 * The focused element's outline: its width and the contrast of its colour with what it is drawn
 * on (the element's own background for an outline inside it, else the nearest ancestor's).
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
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const inside = Number.parseFloat(style.outlineOffset) < 0;
    let behind: HTMLElement | null = inside ? el : el.parentElement;
    let background = [255, 255, 255];
    while (behind) {
      const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(behind).backgroundColor);
      if (a > 0.5) {
        background = [r, g, b];
        break;
      }
      behind = behind.parentElement;
    }
    const [r = 0, g = 0, b = 0, a = 1] = rgba(style.outlineColor);
    const ring = [r, g, b].map((v, i) => v * a + (background[i] ?? 255) * (1 - a));
    const [light, dark] = [luminance(ring), luminance(background)].sort((x, y) => y - x) as [number, number];
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20) ?? '';
    return {
      what: `${el.tagName.toLowerCase()} "${label}"`,
      contrast: style.outlineStyle === 'none' ? 0 : (light + 0.05) / (dark + 0.05),
      width: Number.parseFloat(style.outlineWidth),
    };
  });
}

async function expectVisibleFocus(page: Page): Promise<string> {
  expect(await page.evaluate(() => document.activeElement === document.body), 'focus on the page body').toBe(
    false,
  );
  const ring = await focusRing(page);
  expect(ring.width, `focus outline of ${ring.what}`).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, `focus outline contrast of ${ring.what}`).toBeGreaterThanOrEqual(3);
  return ring.what;
}

const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test('the keyboard alone: skip link, headings after navigation, the bell, visible focus, logout', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const person = await apiPerson(request, 'creator', { welcomeClosed: true });

  // A public screen: the first Tab is 本文へスキップ, shown while focused; it goes to the h1.
  await page.goto('/home');
  await expect(mainHeading(page)).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '本文へスキップ' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toBeFocused();
  await expect(skip).not.toBeInViewport();

  // Login by keyboard; the dashboard's heading has focus after the navigation.
  await page.goto('/login');
  await expect(page.getByLabel('メールアドレス')).toBeFocused();
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('manga-2025');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainHeading(page)).toHaveText(`ようこそ、${person.nickname} さん`);
  await expect(mainHeading(page)).toBeFocused();

  // A logged-in screen: 本文へスキップ first again.
  await page.reload();
  await expect(mainHeading(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '本文へスキップ' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toBeFocused();

  // A sidebar entry opened with Enter: focus on the new screen's heading, not the page body.
  await sideLink(page, 'プロジェクト管理').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projectManagement\/projectManagement$/);
  await expect(mainHeading(page)).toHaveText('プロジェクト管理');
  await expect(mainHeading(page)).toBeFocused();

  // The bell: Enter opens it with focus inside; Escape closes it with focus back on the bell.
  await bell(page).focus();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const notices = page.getByRole('dialog', { name: 'お知らせ' });
  await expect(notices).toBeVisible();
  await expect(notices).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(notices).toBeHidden();
  await expect(bell(page)).toBeFocused();

  // The account menu's entries show their focus too.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: `${person.nickname} さんのアカウントメニュー` }),
  ).toBeFocused();
  await expectVisibleFocus(page);
  // Opening moves focus to its first entry; the arrow keys go on from there.
  await page.keyboard.press('Enter');
  // The sidebar has a プロフィール entry too; the account menu opens last.
  await expect(page.getByRole('menuitem', { name: 'プロフィール' }).last()).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'ログアウト' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('button', { name: `${person.nickname} さんのアカウントメニュー` }),
  ).toBeFocused();

  // From the top of the screen, Tab reaches ログアウト; every stop shows a clear focus outline.
  await page.reload();
  await expect(mainHeading(page)).toBeVisible();
  const logout = page.getByRole('button', { name: 'ログアウト' });
  const stops: string[] = [];
  for (let i = 0; i < 30 && !(await logout.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
    stops.push(await expectVisibleFocus(page));
  }
  await expect(logout, `Tab stops: ${stops.join(', ')}`).toBeFocused();
  // On through the top bar to the screen's content, every stop as clear.
  const inMain = () => page.evaluate(() => document.querySelector('main')?.contains(document.activeElement));
  for (let i = 0; i < 15 && !(await inMain()); i += 1) {
    await page.keyboard.press('Tab');
    stops.push(await expectVisibleFocus(page));
  }
  expect(await inMain(), `Tab stops: ${stops.join(', ')}`).toBe(true);

  await logout.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});
