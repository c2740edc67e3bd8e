import { lazy, useCallback, useState } from 'react';
import { OpenedOnce } from '../opened-once';

/** The popup and its antd Modal load on first open. */
const ProfilePopup = lazy(() => import('./profile-popup').then((m) => ({ default: m.ProfilePopup })));

/** State for one profile popup per screen: `show(uid)` opens it, `popup` is rendered once. */
export function useProfilePopup() {
  const [uid, setUid] = useState<number | null>(null);
  const close = useCallback(() => setUid(null), []);
  const show = useCallback((id: number) => setUid(id), []);
  return {
    show,
    popup: (
      <OpenedOnce open={uid !== null}>
        <ProfilePopup uid={uid} onClose={close} />
      </OpenedOnce>
    ),
  };
}
