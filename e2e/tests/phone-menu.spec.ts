import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiPerson, sideLink } from '../support/people.js';

/**
 * The menu (issue 18, Phone): on a phone a drawer over the page behind the top bar's menu button,
 * closed at first and after each navigation; on a desktop the sidebar column, collapsed or not as
 * the user left it.
 */
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

const MENU = 'メインメニュー';

/** The left edge of the page's main region. */
async function mainX(page: Page): Promise<number> {
  const box = await page.locator('#main-content').boundingBox();
  if (!box) throw new Error('no main region');
  return box.x;
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a drawer over the page: closed at first, Escape and navigation close it', async ({
    page,
    request,
  }) => {
    const person = await apiPerson(request, 'creator', { welcomeClosed: true });
    await logIn(page, person.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Closed: the page has the whole width and the menu's links are out of reach.
    const nav = page.getByRole('navigation', { name: MENU });
    await expect(nav).toBeHidden();
    const x = await mainX(page);
    expect(x).toBeLessThan(30);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // Opened: over the page, which does not move; focus goes into it.
    const button = page.getByRole('button', { name: 'メニューを開く' });
    await button.click();
    const drawer = page.getByRole('dialog', { name: MENU });
    await expect(drawer).toBeVisible();
    await expect(nav).toBeVisible();
    expect(await mainX(page)).toBe(x);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectAccessible(page, 'the open menu drawer');

    // Escape closes it and focus returns to the button.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    // A followed link closes it; the new screen keeps the whole width.
    await button.click();
    await expect(drawer).toBeVisible();
    await sideLink(page, '友達リスト').click();
    await expect(page).toHaveURL(/\/friendsList\/friendsList$/);
    await expect(drawer).toBeHidden();
    await expect(nav).toBeHidden();
    expect(await mainX(page)).toBe(x);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the sidebar is a column beside the page and stays collapsed once collapsed', async ({
    page,
    request,
  }) => {
    const person = await apiPerson(request, 'creator', { welcomeClosed: true });
    await logIn(page, person.email);
    await expect(page).toHaveURL(/\/dashboard$/);

    const nav = page.getByRole('navigation', { name: MENU });
    await expect(sideLink(page, '友達リスト')).toBeVisible();
    const open = await mainX(page);
    expect(open).toBeGreaterThanOrEqual(200);

    await page.getByRole('button', { name: 'メニューを折りたたむ' }).click();
    await expect(page.getByRole('button', { name: 'メニューを開く' })).toBeVisible();
    await expect.poll(() => mainX(page)).toBeLessThan(open);

    // The choice is remembered (koma_sidebar cookie).
    await page.reload();
    await expect(page.getByRole('button', { name: 'メニューを開く' })).toBeVisible();
    await expect(nav).toBeVisible();
    expect(await mainX(page)).toBeLessThan(open);
  });
});
