import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@koma/shared';
import { describe, expect, it } from 'vitest';
import { confirmationMail, resetPasswordMail } from './modules/accounts/account-mails.js';

/**
 * Koma writes ください; only the messages the specification quotes word for word keep its 下さい,
 * and docs/departures.md lists them (issue 18, Words).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const OLD = '下さい';

/** The quoted messages docs/departures.md lists, each as 「…」. */
function documentedQuotes(): string[] {
  const doc = readFileSync(path.join(root, 'docs/departures.md'), 'utf8');
  return [...doc.matchAll(/「([^」]*)」/g)].map((m) => m[1] as string).filter((text) => text.includes(OLD));
}

/** Every source file the app ships: texts, messages, mails, pages (tests excluded). */
function shippedSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : shippedSources(file);
    return /\.(ts|tsx|json|html|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('ja wording', () => {
  it('keeps 下さい only in the messages the spec quotes, and documents each of them', () => {
    const quoted = Object.values(MESSAGES.ja).filter((text) => text.includes(OLD));
    expect(quoted.length).toBeGreaterThan(0);
    expect(documentedQuotes().sort()).toEqual(quoted.sort());
  });

  it('writes ください everywhere else in what the app ships', () => {
    const allowed = documentedQuotes();
    const places = ['packages/shared/src', 'apps/server/src', 'apps/web/src', 'apps/web/index.html'];
    const offending = places
      .flatMap((place) => {
        const full = path.join(root, place);
        return place.endsWith('.html') ? [full] : shippedSources(full);
      })
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${path.relative(root, file)}:${i + 1}`, line }))
          .filter(({ line }) => line.includes(OLD) && !allowed.some((quote) => line.includes(quote))),
      )
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offending).toEqual([]);
  });

  it('writes ください in the account mails', () => {
    const link = { to: 'a@example.com', nickname: 'テスト', link: 'http://localhost/x', lang: 'ja' } as const;
    for (const mail of [confirmationMail(link), resetPasswordMail(link)]) {
      expect(mail.text).not.toContain(OLD);
      expect(mail.text).toMatch(/設定してください|完了してください/);
      expect(mail.text).toContain('破棄してください。');
    }
  });
});
