import { LIMITS } from '@koma/shared/constants';

export type LiveHandler = (event: Event) => void;

interface LiveStreamOptions {
  /** Named events of the stream and what each does. */
  handlers: readonly (readonly [string, LiveHandler])[];
  /** Once, when the server refused the stream for good. */
  onRefused: () => void;
  /** Every `LIMITS.liveFallbackPollMs` after a refusal, in place of the events. */
  poll: () => void;
}

/**
 * Opens the live-event stream; returns its close. EventSource reconnects by itself after a lost
 * connection, but a refusal (401 of an ended session, 429 `liveStreamsFull` when the account has
 * too many tabs open, 503 of a restart) closes it for good: the page then reloads its lists now
 * and every minute, quietly, rather than asking for a stream again (docs/access.md).
 */
export function openLiveStream(url: string, { handlers, onRefused, poll }: LiveStreamOptions): () => void {
  const source = new EventSource(url);
  let fallback: ReturnType<typeof setInterval> | undefined;
  for (const [event, handler] of handlers) source.addEventListener(event, handler);
  const onError = () => {
    if (source.readyState !== EventSource.CLOSED || fallback) return;
    source.close();
    onRefused();
    fallback = setInterval(poll, LIMITS.liveFallbackPollMs);
  };
  source.addEventListener('error', onError);
  return () => {
    clearInterval(fallback);
    source.removeEventListener('error', onError);
    for (const [event, handler] of handlers) source.removeEventListener(event, handler);
    source.close();
  };
}
