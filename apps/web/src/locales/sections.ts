/**
 * The interface texts are loaded in two parts per language (lib/i18n.ts, built by the
 * koma:locale-parts plugin in vite.config.ts from src/locales/{ja,zh,en}.json):
 *
 * - `boot`: the top-level sections below plus the shared validation messages, loaded before the
 *   first render. They cover the first-load screens (/home, /login, /404), the page frame and
 *   the document titles.
 * - `app`: every other section, loaded with the TanStack Query route (app/router.tsx) before any
 *   screen inside it renders.
 *
 * A first-load screen that starts using another section must add it here (sections.test.ts
 * checks the files of those screens).
 */
export const BOOT_SECTIONS: readonly string[] = [
  'common',
  'titles',
  'errors',
  'session',
  'fields',
  'auth',
  'notFound',
  'landing',
];

export type TextPart = 'boot' | 'app';
