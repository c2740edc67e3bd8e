import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LATIN_IN_JA } from '../../apps/web/src/locales/latin-in-ja.js';

/**
 * A screenshot for looking at a screen by eye, taken only when KOMA_SHOTS_DIR names a folder
 * (docs/testing.md); the tests themselves never read it.
 */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const folder = process.env.KOMA_SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage });
}

/** How far the page scrolls sideways (0 when it fits the window). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
}

/**
 * The buttons a person cannot reach on this screen without scrolling sideways: every visible
 * button or button-like link whose box starts before the window's left edge or ends past its
 * right one, by its text (issue 30: 「受け入れ」 at x ≈ 587 on a 390 px phone).
 */
export function buttonsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="button"], a.ant-btn')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      const name = el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName;
      outside.push(`${name} (x ${Math.round(box.left)}–${Math.round(box.right)})`);
    }
    return outside;
  });
}

/** The ja interface texts, both parts (packages/shared/src/i18n/ja/ui-*.json). */
const ja = Object.assign(
  {},
  ...['ui-boot', 'ui-app'].map((part) =>
    JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, `../../packages/shared/src/i18n/ja/${part}.json`),
        'utf8',
      ),
    ),
  ),
) as Record<string, unknown>;

const textAt = (key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], ja);

/**
 * The ja texts allowed in Latin letters (apps/web/src/locales/latin-in-ja.ts) as patterns,
 * their {{placeholders}} matching anything.
 */
const ALLOWED = LATIN_IN_JA.map((key) => {
  const text = String(textAt(key));
  const pattern = text
    .split(/\{\{\w+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*?');
  return pattern;
});

/** Kana, kanji and full-width forms: a text holding one is Japanese (「自己PR」, 「2MB以下」). */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/** An English word: Latin letters in lower case (acronyms such as SF or BL are Japanese usage too). */
const ENGLISH_WORD = /[a-z]{2,}/;
const URL_START = /https?:\/\/\S*/g;

/**
 * Visible texts (text nodes and placeholders) with no Japanese in them but an English word:
 * English left on a Japanese screen, as the locales test finds it in ja.json, but also texts
 * written in code or by a library (antd's "No data"). The allowed ja texts, the start of an
 * address (https://) and `own` (what the test typed: e-mails) do not count.
 */
export async function englishOnScreen(page: Page, own: string[] = []): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const seen: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) seen.push(text);
    }
    for (const field of document.querySelectorAll<HTMLInputElement>('[placeholder]')) {
      if (field.checkVisibility() && !field.value) seen.push(field.placeholder);
    }
    return seen;
  });
  const allowed = [...ALLOWED, ...own.map((o) => o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))];
  const strip = new RegExp(allowed.join('|'), 'g');
  return texts.filter(
    (text) => !JAPANESE.test(text) && ENGLISH_WORD.test(text.replace(strip, '').replace(URL_START, '')),
  );
}
