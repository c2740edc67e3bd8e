import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppShellSkeleton } from '../components/loading/app-shell-skeleton';
import { errorText } from '../lib/api-client';
import { toastError } from '../lib/feedback';
import { queryClient } from '../lib/query-client';
import { withRedirect } from '../lib/safe-redirect';
import { sessionKey, useSessionQuery } from '../lib/session';
import { getToken, removeToken } from '../lib/token';

/**
 * Guard of the logged-in screens: without a token go to /home?redirect=path (its #hash too: a
 * mail's link to a section comes back to that section after the login);
 * with one, load the user info first; if that fails reset the token, show the error and go to
 * /login?redirect=path.
 */
export default function RequireAuth() {
  const location = useLocation();
  const path = `${location.pathname}${location.search}${location.hash}`;
  if (!getToken()) return <Navigate to={withRedirect('/home', path)} replace />;
  return <SessionGate path={path} />;
}

function SessionGate({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionQuery();
  const failed = session.isError && !session.data;

  useEffect(() => {
    if (!failed) return;
    removeToken();
    queryClient.removeQueries({ queryKey: sessionKey });
    toastError(errorText(session.error) || t('errors.sessionLoad'));
    navigate(withRedirect('/login', path), { replace: true });
  }, [failed, session.error, navigate, path, t]);

  if (session.data) return <Outlet />;
  if (failed) return null;
  return <AppShellSkeleton />;
}
