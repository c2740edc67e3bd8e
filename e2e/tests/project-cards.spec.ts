import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import { apiProject, apiRecruit, settle } from '../support/projects.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

/** The dashboard card of a project, found by its title link. */
function card(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

const UPDATED = /更新日時：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/;

test('own project cards show production progress, recommended ones the match, both with their last change', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const title = `灯台守${tag}`;
  // Genres no other test uses together: the project is the artist's best match.
  const [founder, artist] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', {
      nickname: `作画${tag}`,
      welcomeClosed: true,
      profile: { positions: [2], method: [2], typebigs: [17, 18], type: [1] },
    }),
  ]);
  const projectId = await apiProject(request, founder, { title, typeb: [17, 18], creativecap: [1] });
  await apiRecruit(request, founder, projectId, [2]);

  await logIn(page, founder.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const own = card(page, title);
  await expect(own.getByRole('progressbar', { name: `${title} の進捗` })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(own).toContainText(UPDATED);
  // The bar says what it measures in words, and the cover is shown whole, not cropped.
  await expect(own).toContainText(/進捗\s*0%/);
  await expect(own.locator('img.koma-project-cover')).toHaveCSS('object-fit', 'contain');

  await page.context().clearCookies();
  await logIn(page, artist.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const recommended = card(page, title);
  await expect(recommended).toContainText('マッチ度 100%');
  await expect(recommended).toContainText(UPDATED);
  await expect(recommended.getByRole('progressbar')).toHaveCount(0);
  await settle(page);
  await expectAccessible(page, 'dashboard with recommended projects');
});
