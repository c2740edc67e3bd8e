import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { apiPerson, type Person, uniqueTag } from '../support/people.js';
import { solidPng } from '../support/production.js';
import { apiJoin, apiProject, apiRecruit, tokyoDay, uploadCover } from '../support/projects.js';
import { apiRenditionStatuses } from '../support/workflow.js';

test.use({ reducedMotion: 'reduce' });

/** A founder's one-page chapter, its storyboard page uploaded and rendered. */
async function renderedChapter(request: APIRequestContext, founder: Person, tag: string) {
  const projectId = await apiProject(request, founder, { title: `透かしの森${tag}` });
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title: `第1話 足あと${tag}`,
    page: '1',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const { list } = await apiCall(request, founder.token, contract.pages.list, { projectId, chapterId });
  const res = await request.post(contract.pages.upload.path, {
    headers: { token: founder.token },
    multipart: {
      projectId: String(projectId),
      pageId: String(list[0]?.id),
      file: { name: 'p1.png', mimeType: 'image/png', buffer: solidPng([245, 245, 245], 1200, 1700) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await expect
    .poll(async () => (await apiRenditionStatuses(request, founder.token, { projectId, chapterId })).flat(), {
      timeout: 30_000,
    })
    .toEqual(['ready']);
  return { projectId, chapterId };
}

async function newestRevision(request: APIRequestContext, who: Person, projectId: number, chapterId: number) {
  const data = await apiCall(request, who.token, contract.workflow.viewer, { projectId, chapterId });
  const revision = data.pages[0]?.revisions.at(-1);
  if (!revision?.renditions) throw new Error('no rendition');
  return { ...revision, renditions: revision.renditions };
}

/** Pixels that differ between two pictures, decoded by the browser (same size expected). */
function differingPixels(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const pixels = async (url: string) => {
        const bitmap = await createImageBitmap(await (await fetch(url)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [x, y] = await Promise.all([pixels(first as string), pixels(second as string)]);
      if (x.length !== y.length) return -1;
      let n = 0;
      for (let i = 0; i < x.length; i += 4)
        if (x[i] !== y[i] || x[i + 1] !== y[i + 1] || x[i + 2] !== y[i + 2]) n++;
      return n;
    },
    [a, b],
  );
}

test('the founder turns watermarks on: an assistant is served marked pictures, no original, and the record lists her', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const founder = await apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true });
  const assistant = await apiPerson(request, 'creator', { nickname: `助手${tag}`, welcomeClosed: true });
  const { projectId, chapterId } = await renderedChapter(request, founder, tag);
  await apiRecruit(request, founder, projectId, [5]);
  await apiJoin(request, founder, assistant, projectId, 5);

  // Before: the assistant's pictures are the clean ones.
  const before = await newestRevision(request, assistant, projectId, chapterId);
  expect(before.renditions.preview).not.toContain('/w.');

  await logIn(page, founder.email);
  await page.goto(`/projectDetails/projectDetails?proId=${projectId}`);
  const section = page.getByRole('region', { name: '透かし' });
  await section.getByRole('radio', { name: '作成者と編集の席以外の全員' }).check();
  await expect(section.getByRole('radio', { name: '断る' })).toBeChecked();
  await section.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('透かしの設定を保存しました')).toBeVisible();
  await expect(page.getByText(`作家${tag}さんが透かしの設定を変更しました`)).toBeVisible();

  // The assistant's preview and tiles carry her mark; the founder's stay clean.
  const marked = await newestRevision(request, assistant, projectId, chapterId);
  const clean = await newestRevision(request, founder, projectId, chapterId);
  expect(marked.renditions.preview).toMatch(/\/w\.[0-9A-Z]{6}\//);
  expect(clean.renditions.preview).not.toContain('/w.');
  expect(await differingPixels(page, marked.renditions.preview, clean.renditions.preview)).toBeGreaterThan(
    1000,
  );
  const tile = (dzi: string) => dzi.replace(/tiles\.dzi$/, 'tiles_files/11/0_0.webp');
  expect(
    await differingPixels(page, tile(marked.renditions.dzi), tile(clean.renditions.dzi)),
  ).toBeGreaterThan(100);
  // Her original download is refused: no link, and the clean folder's link without her code is not served.
  expect(marked.downloadUrl).toBe('');
  const stripped = marked.renditions.preview.replace(/w\.[0-9A-Z]{6}\//, '');
  expect((await request.get(stripped)).status()).toBe(404);

  // "Who saw page 1" is one click from the viewer.
  await page.goto(`/chapter/viewer?projectId=${projectId}&chapterId=${chapterId}&page=1`);
  await page.getByRole('link', { name: 'このページを見た人' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '閲覧・ダウンロードの記録' })).toBeVisible();
  const list = page.getByRole('list', { name: '閲覧・ダウンロードの記録' });
  const row = list
    .getByRole('listitem')
    .filter({ hasText: `助手${tag}` })
    .filter({ hasText: 'プレビュー' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/[0-9A-Z]{6}/);
  // The code read off her picture finds her.
  const code = /\/w\.([0-9A-Z]{6})\//.exec(marked.renditions.preview)?.[1] ?? '';
  await page.getByRole('textbox', { name: 'コード（英数字6文字）' }).fill(code);
  await page.getByRole('button', { name: '探す' }).click();
  await expect(page.getByText(`助手${tag}さんに`)).toBeVisible();

  // On a phone the record still reads, row by row.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
