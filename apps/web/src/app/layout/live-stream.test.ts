import { LIMITS } from '@koma/shared/constants';
import { routes } from '@koma/shared/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveStream } from './live-stream';

/** A stand-in for the browser's EventSource: the test plays the server's answers. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The connection failed: `CONNECTING` while the browser retries, `CLOSED` when it gave up. */
  fail(state: number) {
    this.readyState = state;
    this.dispatchEvent(new Event('error'));
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open() {
  const onRefused = vi.fn();
  const poll = vi.fn();
  const onNotice = vi.fn();
  const close = openLiveStream(routes.notices.stream.path, {
    handlers: [['notice', onNotice]],
    onRefused,
    poll,
  });
  const [source] = FakeEventSource.opened;
  if (!source) throw new Error('no stream opened');
  return { source, close, onRefused, poll, onNotice };
}

describe('the live stream of a page', () => {
  it('hands the named events to their handlers', () => {
    const { source, onNotice } = open();
    source.dispatchEvent(new Event('notice'));
    expect(onNotice).toHaveBeenCalledTimes(1);
  });

  it('lets the browser reconnect after a lost connection, with no fallback', () => {
    const { source, onRefused, poll } = open();
    source.fail(FakeEventSource.CONNECTING);
    vi.advanceTimersByTime(LIMITS.liveFallbackPollMs * 2);
    expect(onRefused).not.toHaveBeenCalled();
    expect(poll).not.toHaveBeenCalled();
    expect(source.closed).toBe(false);
  });

  it('refused (too many tabs: 429), asks for no stream again and reloads quietly every minute', () => {
    const { source, close, onRefused, poll } = open();
    source.fail(FakeEventSource.CLOSED);
    source.fail(FakeEventSource.CLOSED);
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(source.closed).toBe(true);
    vi.advanceTimersByTime(LIMITS.liveFallbackPollMs * 3);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(FakeEventSource.opened).toHaveLength(1);
    close();
    vi.advanceTimersByTime(LIMITS.liveFallbackPollMs * 3);
    expect(poll).toHaveBeenCalledTimes(3);
  });
});
