import { useCallback, useRef } from 'react';

/**
 * A drop-down menu's button that gets focus back when its menu closes with focus inside (Escape,
 * or an entry chosen that leaves the screen as it is): antd's Dropdown hides the menu and focus
 * falls to the page body. A choice that navigates moves focus on to the new screen's heading.
 */
export function useMenuButton() {
  const ref = useRef<HTMLButtonElement>(null);
  const onOpenChange = useCallback((open: boolean) => {
    if (open) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.ant-dropdown')) ref.current?.focus();
  }, []);
  return { ref, onOpenChange };
}
