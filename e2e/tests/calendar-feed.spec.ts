import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { eventLines, makeCalendarFeed, stepEventUid } from '../support/calendar.js';
import { apiPerson, uniqueTag } from '../support/people.js';
import { apiEditorInCharge, confirm } from '../support/production.js';
import { apiJoin, apiProject, apiRecruit } from '../support/projects.js';
import { sidewaysScroll } from '../support/screen-checks.js';
import { apiChapterInProduction } from '../support/workflow.js';

test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });

test('the assistant makes their calendar URL in the settings, and it holds their step’s due day', async ({
  page,
  request,
}) => {
  const [founder, editor, artist, assistant] = await Promise.all([
    apiPerson(request, 'creator', { welcomeClosed: true }),
    apiPerson(request, 'editor', { welcomeClosed: true }),
    apiPerson(request, 'creator', { welcomeClosed: true }),
    apiPerson(request, 'creator', { welcomeClosed: true, profile: { positions: [5] } }),
  ]);
  const title = `夜の駅${uniqueTag()}`;
  const projectId = await apiProject(request, founder, { title });
  await apiRecruit(request, founder, projectId, [2, 5]);
  await apiJoin(request, founder, artist, projectId, 2);
  await apiJoin(request, founder, assistant, projectId, 5);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId } = await apiChapterInProduction(request, { founder, editor }, projectId, '第1話', [
    { posId: 2, owner: artist },
    { posId: 5, owner: assistant },
  ]);
  const schedule = await apiCall(request, assistant.token, contract.schedule.chapter, {
    projectId,
    chapterId,
  });
  const step = schedule.pages[0]?.steps.find((s) => s.owner_user_id === assistant.id);
  expect(step?.due_on).toBeTruthy();

  await logIn(page, assistant.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { ics } = await makeCalendarFeed(page);
  const section = page.getByRole('region', { name: 'カレンダー連携' });
  await expect(section.getByRole('button', { name: '新しいURLを作る' })).toBeVisible();
  await expectAccessible(page, 'the calendar feed section with its URL');
  const lines = eventLines(ics, stepEventUid(step?.step_id));
  expect(lines).toContain(`DTSTART;VALUE=DATE:${step?.due_on?.replaceAll('-', '')}`);
  expect(lines).toContain(`SUMMARY:「${title}」第1話 1ページ 背景デザイン 期日`);
  // The artist's step is theirs, not the assistant's.
  const artistStep = schedule.pages[0]?.steps.find((s) => s.owner_user_id === artist.id);
  expect(eventLines(ics, stepEventUid(artistStep?.step_id))).toEqual([]);
});

test('a new calendar URL stops the old one, and stopping the feed stops it, on a phone with the keyboard', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const person = await apiPerson(request, 'creator', { welcomeClosed: true });
  await logIn(page, person.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/personalInfo/personalInfo');
  const section = page.getByRole('region', { name: 'カレンダー連携' });
  await section.getByRole('button', { name: 'URLを作る' }).press('Enter');
  const field = section.getByRole('textbox', { name: 'カレンダー用のURL' });
  await expect(field).toHaveValue(/token=/);
  const first = await field.inputValue();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  await section.getByRole('button', { name: '新しいURLを作る' }).press('Enter');
  await confirm(
    page,
    '新しいURLを作ると、今のURLは使えなくなります。カレンダーアプリには新しいURLを登録し直してください。',
    '新しいURLを作る',
  );
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  await section.getByRole('button', { name: '連携をやめる' }).press('Enter');
  await confirm(
    page,
    'カレンダー連携をやめますか？今のURLは使えなくなり、カレンダーアプリの予定も新しくならなくなります。',
    '連携をやめる',
  );
  await expect(section.getByRole('status')).toHaveText('カレンダー連携は使っていません。');
  await expect(field).toHaveCount(0);
  expect((await request.get(second)).status()).toBe(404);
});
