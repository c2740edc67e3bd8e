import type { MESSAGES } from '@koma/shared';
import type ja from '../locales/ja.json';

/** Type-checked translation keys: ja.json is the reference shape; `validation` comes from @koma/shared. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof ja & { validation: (typeof MESSAGES)['ja'] };
    };
  }
}
