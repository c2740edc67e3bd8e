import { Navigate, Outlet } from 'react-router';
import { getToken } from '../lib/token';

/** /login with a token goes to /. */
export function GuestOnly() {
  if (getToken()) return <Navigate to="/" replace />;
  return <Outlet />;
}
