import { useCallback, useState } from 'react';
import { ProfilePopup } from './profile-popup';

/** State for one profile popup per screen: `show(uid)` opens it, `popup` is rendered once. */
export function useProfilePopup() {
  const [uid, setUid] = useState<number | null>(null);
  const close = useCallback(() => setUid(null), []);
  const show = useCallback((id: number) => setUid(id), []);
  return { show, popup: <ProfilePopup uid={uid} onClose={close} /> };
}
