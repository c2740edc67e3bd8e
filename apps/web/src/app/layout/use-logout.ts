import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastInfo } from '../../lib/feedback';
import { clearCache, endSession } from '../../lib/session';

/** Logout: GET /admin/logout, drop the token cookie, go to /login, then clear the query cache. */
export function useLogout() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    await endSession();
    await navigate('/login', { replace: true });
    clearCache();
    toastInfo(t('validation.loggedOut'));
  }, [navigate, t]);
}
