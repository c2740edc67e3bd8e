import type statuses from '@koma/shared/i18n/ja/statuses.json';
import type uiApp from '@koma/shared/i18n/ja/ui-app.json';
import type uiBoot from '@koma/shared/i18n/ja/ui-boot.json';
import type validation from '@koma/shared/i18n/ja/validation.json';

/** Type-checked translation keys: the ja resources are the reference shape, put together as lib/i18n.ts loads them. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof uiBoot &
        typeof uiApp & { validation: typeof validation; statuses: typeof statuses };
    };
  }
}
