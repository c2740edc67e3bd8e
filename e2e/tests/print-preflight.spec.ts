import crypto from 'node:crypto';
import fs from 'node:fs';
import { contract } from '@koma/shared/contract';
import { expect, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { apiCall } from '../support/api.js';
import { pickOption, toast, uniqueTag } from '../support/people.js';
import { readStoredZip, solidPng, workPageRow } from '../support/production.js';
import { detailsPath } from '../support/projects.js';
import { apiArtistAtWork, apiHandIn, apiRenditionStatuses } from '../support/workflow.js';

test.use({ reducedMotion: 'reduce' });

/**
 * The print specification, the preflight and the delivery (docs/print.md): the founder sets 単行本
 * B6, and a page handed in at the wrong size and in colour shows its errors, with the reasons, on
 * the page list; the editor in charge accepts them, the chapter passes its final audit, and the
 * founder downloads the delivery: the page as a 1-bit TIFF, the proof and the manifest.
 */
test('the founder sets 単行本 B6; a page of the wrong size shows why, stops the final audit until the editor accepts it, and leaves in the delivery', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const { founder, editor, artist, projectId, chapterId, stepId } = await apiArtistAtWork(request, tag, {
    project: `入稿${tag}`,
    chapter: `第1話${tag}`,
  });
  await apiHandIn(request, artist, projectId, stepId, solidPng([200, 80, 40], 600, 850), 'p1.png');
  await apiCall(request, founder.token, contract.workflow.pass, { projectId, workflowStepId: stepId });
  await expect
    .poll(() => apiRenditionStatuses(request, founder.token, { projectId, chapterId }), { timeout: 30_000 })
    .toEqual([['ready', 'ready']]);

  await logIn(page, founder.email);
  await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=4'));
  await expect(page.getByText('印刷仕様は未設定です')).toBeVisible();
  // The form starts from 単行本 B6, モノクロ2階調, 600 dpi.
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '印刷仕様を保存しました')).toBeVisible();
  await expect(page.getByText('単行本 B6 · 仕上がり 128×182mm')).toBeVisible();

  await page.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
  const badge = workPageRow(page, 1).getByRole('button', { name: /1ページ: エラー 2/ });
  await expect(badge).toBeVisible();
  await badge.click();
  const reasons = page.getByRole('tooltip').or(page.locator('.ant-popover'));
  await expect(reasons.getByText('画像サイズが 600×850px です。仕様では 3165×4441px')).toBeVisible();
  await expect(reasons.getByText(/RGB カラーのファイルです/)).toBeVisible();
  // The same reasons in the chapter's list for the final audit.
  const list = page.getByRole('region', { name: '入稿チェック' });
  await expect(list.getByText('エラー 2件・警告 1件')).toBeVisible();

  // The final audit: the confirmation names the warnings; the errors still stop the request until
  // they are fixed or the editor in charge accepts them.
  await page.getByRole('button', { name: '校了申請' }).click();
  const dialog = page.getByRole('dialog', { name: '編集者に校了を申請しますか？' });
  await expect(dialog.getByText(/入稿チェックの警告 1件を確認しました/)).toBeVisible();
  await dialog.getByRole('button', { name: '校了申請', exact: true }).click();
  // An error is told in a message (lib/feedback.ts toastError), not a notification.
  await expect(page.locator('.ant-message').getByText(/入稿チェックにエラーがあります/)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '編集者承認待ち' })).toHaveCount(0);

  // The editor in charge accepts (了承) the errors on her own screen.
  const editorContext = await browser.newContext();
  try {
    const editorPage = await editorContext.newPage();
    await logIn(editorPage, editor.email);
    await editorPage.goto(`/chapter/details?projectId=${projectId}&chapterId=${chapterId}`);
    await editorPage.getByRole('button', { name: 'エラーを了承する' }).click();
    await editorPage.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect(toast(editorPage, /了承しました/)).toBeVisible();
  } finally {
    await editorContext.close();
  }

  // Now the founder's request goes through, the warnings confirmed in it; the editor passes it.
  await page.reload();
  await page.getByRole('button', { name: '校了申請' }).click();
  await dialog.getByRole('button', { name: '校了申請', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '編集者承認待ち' })).toBeVisible();
  await apiCall(request, editor.token, contract.workflow.passAudit, { projectId, chapterId });

  // The delivery: the page converted to the spec's 1-bit TIFF, the proof and the manifest.
  await page.reload();
  const delivery = page.getByRole('radiogroup', { name: '入稿データ' });
  await expect(
    delivery.getByRole('radio', { name: '仕様の形式に変換（TIFF・モノクロ2階調・600dpi）' }),
  ).toBeChecked();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '入稿データをダウンロード' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`入稿${tag}_第1話_入稿データ.zip`);
  const entries = readStoredZip(fs.readFileSync(await file.path()));
  expect([...entries.keys()]).toEqual(['proof.pdf', '001.tif', 'manifest.csv']);
  expect(entries.get('proof.pdf')?.subarray(0, 5).toString()).toBe('%PDF-');
  const tiff = entries.get('001.tif') as Buffer;
  // Little-endian TIFF, as libvips writes it.
  expect(tiff.subarray(0, 4).toString('hex')).toBe('49492a00');
  const manifest = (entries.get('manifest.csv') as Buffer).toString('utf8').split('\r\n');
  const sha = crypto.createHash('sha256').update(tiff).digest('hex');
  expect(manifest[1]).toMatch(
    new RegExp(
      `^001,001\\.tif,変換したファイル（TIFF）,600,850,600,モノクロ2階調,1,${sha},"?エラー: 画像サイズが 600×850px`,
    ),
  );

  // The print-ready PDF (docs/print.md, "The print-ready PDF"): one PDF beside the proof.
  await delivery
    .getByRole('radio', {
      name: '入稿用PDF 1ファイル（PDF/X-4・モノクロ2階調・600dpi・各ページに仕上がりと塗り足しを設定）',
    })
    .check();
  const downloadingPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: '入稿データをダウンロード' }).click();
  const pdfZip = readStoredZip(fs.readFileSync(await (await downloadingPdf).path()));
  const pdfName = `入稿${tag}_第1話_入稿データ.pdf`;
  expect([...pdfZip.keys()]).toEqual(['proof.pdf', pdfName, 'manifest.csv']);
  expect(pdfZip.get(pdfName)?.subarray(0, 8).toString()).toBe('%PDF-1.6');
});

/**
 * The drawn page (docs/print.md, "The drawn page"): a publisher's manuscripts are drawn on B4 and
 * reduced to B5. The founder picks 商業誌 B5, whose form starts from B4 paper, types the
 * publisher's reduction, and reads it back; on a phone and on a laptop, nothing off screen.
 */
for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 900 }],
] as const) {
  test(`the founder sets the manuscript paper and the reduction (${name})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag();
    const { founder, projectId } = await apiArtistAtWork(request, tag, {
      project: `原稿用紙${tag}`,
      chapter: `第1話${tag}`,
    });
    await page.setViewportSize(viewport);
    await logIn(page, founder.email);
    await page.goto(detailsPath(projectId, '&activeName=projectOperate&activeMenu=4'));
    await pickOption(page, '判型', '商業誌 B5');
    // 商業誌 starts from B4 paper and a 5 mm bleed; the reduction is derived unless typed.
    await expect(
      page.locator('.ant-select').filter({ has: page.getByLabel('原稿用紙', { exact: true }) }),
    ).toContainText('B4');
    await expect(page.getByLabel('縮小率', { exact: true })).toHaveAttribute('placeholder', '自動');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '印刷仕様を保存しました')).toBeVisible();
    await expect(
      page.getByText(/商業誌 B5 · 仕上がり 182×257mm · 裁ち落とし 5mm .*原稿用紙 B4・縮小率 82.9%/),
    ).toBeVisible();

    // The publisher's own reduction, and 投稿サイズ paper.
    await pickOption(page, '原稿用紙', '投稿サイズ（仕上がり220×310mm）');
    await page.getByLabel('縮小率', { exact: true }).fill('82');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(/原稿用紙 投稿サイズ（仕上がり220×310mm）・縮小率 82%/)).toBeVisible();
    const saved = await apiCall(request, founder.token, contract.print.projectSpec, { projectId });
    expect(saved.spec).toMatchObject({ drawnPaper: 'toukou', reductionPct: 82, drawnWidthMm: 232.2 });

    // Nothing off screen, and the fields are big enough to touch on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByLabel('縮小率', { exact: true }).boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: test.info().outputPath(`drawn-page-${name}.png`), fullPage: true });
  });
}
