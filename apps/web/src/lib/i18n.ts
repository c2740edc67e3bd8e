import { COOKIE, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@koma/shared/constants';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { cookieOptions } from './cookie-options';

/**
 * Every text lives in @koma/shared's translation resources (packages/shared/src/i18n/<lang>/*.json,
 * docs/architecture.md). Only the chosen language is loaded, in two parts, each part one chunk
 * (apps/web/vite.config.ts, textsChunk; keep its list of parts in step with this one):
 *
 * - `boot`: ui-boot.json (the first-load screens /home, /login, /404, the page frame, the document
 *   titles) and the validation and server messages under `validation`, before the first render;
 * - `app`: ui-app.json (every other screen) and the statuses under `statuses`, when the TanStack
 *   Query route is entered (loadAppTexts), before any screen inside it renders.
 *
 * A first-load screen that starts using an `app` section must move it to ui-boot.json
 * (locales/sections.test.ts checks the files of those screens).
 */
type Texts = Record<string, unknown>;
type TextPart = 'boot' | 'app';
/** One file of a part: the section it goes under (none: merged at the top level) and its loader. */
type Load = () => Promise<{ default: Texts }>;
type TextFile = [section: string | null, load: Load];
/** A language's files by part (the imports are written out so the bundler makes one chunk of each). */
function parts(uiBoot: Load, validation: Load, uiApp: Load, statuses: Load): Record<TextPart, TextFile[]> {
  return {
    boot: [
      [null, uiBoot],
      ['validation', validation],
    ],
    app: [
      [null, uiApp],
      ['statuses', statuses],
    ],
  };
}
const textFiles: Record<Language, Record<TextPart, TextFile[]>> = {
  ja: parts(
    () => import('@koma/shared/i18n/ja/ui-boot.json'),
    () => import('@koma/shared/i18n/ja/validation.json'),
    () => import('@koma/shared/i18n/ja/ui-app.json'),
    () => import('@koma/shared/i18n/ja/statuses.json'),
  ),
  zh: parts(
    () => import('@koma/shared/i18n/zh/ui-boot.json'),
    () => import('@koma/shared/i18n/zh/validation.json'),
    () => import('@koma/shared/i18n/zh/ui-app.json'),
    () => import('@koma/shared/i18n/zh/statuses.json'),
  ),
  en: parts(
    () => import('@koma/shared/i18n/en/ui-boot.json'),
    () => import('@koma/shared/i18n/en/validation.json'),
    () => import('@koma/shared/i18n/en/ui-app.json'),
    () => import('@koma/shared/i18n/en/statuses.json'),
  ),
};

/** A part's files, fetched together and put together as one bundle of texts. */
async function loadPart(lang: Language, part: TextPart): Promise<Texts> {
  const files = await Promise.all(
    textFiles[lang][part].map(async ([section, load]) => {
      const { default: texts } = await load();
      return section ? { [section]: texts } : texts;
    }),
  );
  return Object.assign({}, ...files);
}

/** antd's own texts (OK/Cancel, empty states, pickers) follow the same language. */
const antdLoaders: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  ja: () => import('antd/es/locale/ja_JP'),
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
};
const antdLocales = new Map<Language, AntdLocale>();

/** The antd locale of a language already loaded by initI18n / changeLanguage. */
export function antdLocale(lang: Language): AntdLocale | undefined {
  return antdLocales.get(lang);
}

export const i18n = i18next.createInstance();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language kept in the koma_lang cookie (the server reads it too), default ja. */
export function storedLanguage(): Language {
  const value = Cookies.get(COOKIE.lang);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Parts already added to i18next, as `lang/part`. */
const addedParts = new Set<string>();
/** Set once a screen needing the `app` part was entered: a language change then loads it too. */
let appTextsWanted = false;

interface Loaded {
  lang: Language;
  parts: [TextPart, Texts][];
}

/** Fetches the missing text parts and antd's locale of a language (with its `boot` part). */
async function fetchResources(lang: Language, parts: TextPart[]): Promise<Loaded> {
  const missing = parts.filter((part) => !addedParts.has(`${lang}/${part}`));
  const [texts, antd] = await Promise.all([
    Promise.all(missing.map(async (part) => [part, await loadPart(lang, part)] as [TextPart, Texts])),
    antdLocales.has(lang) ? null : antdLoaders[lang](),
  ]);
  if (antd) antdLocales.set(lang, antd.default);
  return { lang, parts: texts };
}

function addResources({ lang, parts }: Loaded): void {
  for (const [part, texts] of parts) {
    if (addedParts.has(`${lang}/${part}`)) continue;
    i18n.addResourceBundle(lang, 'translation', texts, true, true);
    addedParts.add(`${lang}/${part}`);
  }
}

const wantedParts = (): TextPart[] => (appTextsWanted ? ['boot', 'app'] : ['boot']);

/** `appTexts`: load the `app` part too (the first screen is inside the Query route). */
export async function initI18n({ appTexts = false } = {}): Promise<void> {
  if (appTexts) appTextsWanted = true;
  const lang = storedLanguage();
  // The files load while i18next initialises.
  const loading = fetchResources(lang, wantedParts());
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  addResources(await loading);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Loads the texts of every screen beyond the first-load ones (awaited by app/router.tsx). */
export async function loadAppTexts(): Promise<void> {
  appTextsWanted = true;
  const lang = currentLanguage();
  if (addedParts.has(`${lang}/app`)) return;
  addResources(await fetchResources(lang, ['app']));
}

export async function changeLanguage(lang: Language): Promise<void> {
  addResources(await fetchResources(lang, wantedParts()));
  Cookies.set(COOKIE.lang, lang, cookieOptions(365));
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}
