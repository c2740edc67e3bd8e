import type { Language } from '../enums.js';
import { SERVER_TEXTS } from './resources.js';

/**
 * Every validation and server message (i18n/<lang>/validation.json), keyed once. `ja` keeps the
 * exact text of the messages the specification quotes, spelling included (docs/departures.md),
 * and writes ください elsewhere; the server answers in the caller's language (cookie), the web
 * shows the same keys.
 */
export type MessageKey = keyof (typeof SERVER_TEXTS)['ja']['validation'];
type Catalogue = Record<MessageKey, string>;

export const MESSAGES: Record<Language, Catalogue> = {
  ja: SERVER_TEXTS.ja.validation,
  zh: SERVER_TEXTS.zh.validation,
  en: SERVER_TEXTS.en.validation,
};

/** The message for a key in a language; an unknown key is returned as it is. */
export function message(key: string, lang: Language = 'ja'): string {
  return (MESSAGES[lang] as Record<string, string>)[key] ?? key;
}

export function isMessageKey(key: string): key is MessageKey {
  return key in MESSAGES.ja;
}
