import { useSyncExternalStore } from 'react';
import { wantFeedbackHost } from './feedback';

/** Number of calls in flight that want the busy overlay (読み込み中…). */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginBusy(): () => void {
  // The overlay lives in the feedback host, loaded on first need.
  wantFeedbackHost();
  pending += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    emit();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBusy(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
