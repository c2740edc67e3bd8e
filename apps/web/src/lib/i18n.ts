import { COOKIE, DEFAULT_LANGUAGE, LANGUAGES, type Language, MESSAGES } from '@koma/shared';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';

/**
 * Interface texts live in src/locales/{ja,zh,en}.json; validation and server messages come
 * from @koma/shared MESSAGES and are merged in under the `validation` key.
 * Only the chosen language is loaded (each file is its own chunk).
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json');

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

/** Loads the interface texts and antd's locale of a language (each its own chunk). */
async function fetchResources(lang: Language): Promise<Record<string, unknown> | null> {
  const loader = loaders[`../locales/${lang}.json`];
  if (!loader) throw new Error(`No locale file for ${lang}`);
  const [texts, antd] = await Promise.all([
    i18n.isInitialized && i18n.hasResourceBundle(lang, 'translation') ? null : loader(),
    antdLocales.has(lang) ? null : antdLoaders[lang](),
  ]);
  if (antd) antdLocales.set(lang, antd.default);
  return texts ? { ...texts.default, validation: MESSAGES[lang] } : null;
}

function addResources(lang: Language, texts: Record<string, unknown> | null): void {
  if (texts) i18n.addResourceBundle(lang, 'translation', texts, true, true);
}

export async function initI18n(): Promise<void> {
  const lang = storedLanguage();
  // The files load while i18next initialises.
  const loading = fetchResources(lang);
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  addResources(lang, await loading);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export async function changeLanguage(lang: Language): Promise<void> {
  addResources(lang, await fetchResources(lang));
  Cookies.set(COOKIE.lang, lang, { expires: 365, sameSite: 'lax', path: '/' });
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}
