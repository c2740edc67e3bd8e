import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, sideLink, uniqueTag } from '../support/people.js';
import { apiProject, fact, settle, tokyoDay, uploadCover } from '../support/projects.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

/** YYYY-MM-DD as the screens show a day. */
const shown = (day: string) => day.replaceAll('-', '/');

test('the case search tells two chapters of one project apart and shows the episode in its info dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const title = `海辺の町${tag}`;
  const [founder, staff] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    // Main artist and background assistant: production staff (role 7), who has the case search.
    apiPerson(request, 'creator', {
      nickname: `制作${tag}`,
      welcomeClosed: true,
      profile: { positions: [2, 6], method: [2] },
    }),
  ]);
  const projectId = await apiProject(request, founder, { title });
  const episodes = [
    { title: '出会いの浜', page: 12, scriptAt: tokyoDay(7), checkAt: tokyoDay(21) },
    { title: '別れの灯台', page: 16, scriptAt: tokyoDay(10), checkAt: tokyoDay(30) },
  ];
  for (const episode of episodes) {
    const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
      projectId,
      title: episode.title,
      page: String(episode.page),
      icon: await uploadCover(request, founder.token),
      scriptAt: episode.scriptAt,
      checkAt: episode.checkAt,
    });
    await apiCall(request, founder.token, contract.recruitment.add, {
      kind: 2,
      projectId,
      chapterId,
      stime: tokyoDay(),
      etime: tokyoDay(14),
      positions: [{ position_id: 6, num: 1 }],
      condition: '',
    });
  }

  await logIn(page, staff.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await sideLink(page, '話の募集検索').click();
  await expect(page.getByRole('heading', { level: 1, name: '話の募集検索' })).toBeVisible();
  await page.getByRole('textbox', { name: 'キーワード' }).fill(title);
  await page.getByRole('search').getByRole('button', { name: '検索', exact: true }).click();
  const results = page.getByRole('region', { name: '検索結果' });
  const cards = results
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /の詳細を表示$/ }) });
  await expect(cards).toHaveCount(2);
  // Each card names its chapter, and its button says which chapter it opens.
  for (const episode of episodes) {
    // The inner locator of `has` is relative to each card: built from the page.
    const open = page.getByRole('button', { name: `「${title}」${episode.title}の詳細を表示` });
    const card = cards.filter({ has: open });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`話：${episode.title}`);
    await expect(card).toContainText('背景アシスタント');
  }
  await settle(page);
  await expectAccessible(page, 'case search results');

  const second = episodes[1] as (typeof episodes)[number];
  await results.getByRole('button', { name: `「${title}」${second.title}の詳細を表示` }).click();
  const info = page.getByRole('dialog', { name: `${title}／${second.title}` });
  await expect(info.getByRole('tab', { name: '話の情報' })).toHaveAttribute('aria-selected', 'true');
  await expect(fact(info, '作成者')).toHaveText(founder.nickname);
  await expect(fact(info, '話のタイトル')).toHaveText(second.title);
  await expect(fact(info, 'ページ数')).toHaveText(String(second.page));
  await expect(fact(info, 'ネーム締切')).toHaveText(shown(second.scriptAt));
  await expect(fact(info, '校了締切')).toHaveText(shown(second.checkAt));
  await settle(page);
  await expectAccessible(page, 'case info dialog');
});
