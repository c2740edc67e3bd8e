import type { Language } from '@koma/shared/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';

const dayjsLocales: Record<Language, string> = { ja: 'ja', zh: 'zh-cn', en: 'en' };

/** dayjs (dates in antd pickers and lists) follows the interface language. */
export function applyDayjsLocale(lang: Language): void {
  dayjs.locale(dayjsLocales[lang]);
}
