import { EventEmitter } from 'node:events';

export interface LiveMessage {
  event: string;
  data?: unknown;
}

/**
 * Pushes events to the open pages of a user. In-process for one instance; with PostgreSQL
 * (DATABASE_URL) every instance uses LISTEN/NOTIFY behind the same interface (postgres-live-bus.ts).
 */
export interface LiveBus {
  /** To one user, or to each of many (a project's members) at once. */
  publish(to: number | readonly number[], message: LiveMessage): void;
  subscribe(userId: number, listener: (message: LiveMessage) => void): () => void;
}

export function createInProcessBus(): LiveBus {
  const emitter = new EventEmitter();
  // Every open tab is a listener; the default cap of 10 is about leaks, not about this.
  emitter.setMaxListeners(0);
  return {
    publish(to, message) {
      for (const userId of new Set(typeof to === 'number' ? [to] : to)) emitter.emit(String(userId), message);
    },
    subscribe(userId, listener) {
      emitter.on(String(userId), listener);
      return () => emitter.off(String(userId), listener);
    },
  };
}
