import { useSyncExternalStore } from 'react';

const coarse = () => window.matchMedia('(pointer: coarse)');

function subscribe(onChange: () => void) {
  const media = coarse();
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * Whether the main pointer is a finger (`pointer: coarse`): there hints speak of taps and swipes,
 * not of keys the screen has none of (issue 40 #7).
 */
export function useTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, () => coarse().matches);
}
