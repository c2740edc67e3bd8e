import type { Language } from '@koma/shared/constants';
import { useCallback } from 'react';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { invalidateAllQueries } from '../../lib/query-cache';

/**
 * Switches the interface language. The choice goes into the koma_lang cookie, which the server
 * also reads to localise its info texts and reference lists, so every query reloads afterwards.
 */
export function useChangeLanguage() {
  return useCallback(async (next: Language) => {
    if (next === currentLanguage()) return;
    await changeLanguage(next);
    await invalidateAllQueries();
  }, []);
}
