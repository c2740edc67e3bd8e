import { ApiStatus, type MessageKey } from '@koma/shared';

/**
 * An expected failure with its HTTP status, body status and message key (docs/error-codes.md).
 * The error handler turns it into the envelope in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly bodyStatus: number,
    readonly key: MessageKey,
    /** When the caller may try again: sent as retry-after and as the message's `{{wait}}`, if it has one. */
    readonly retryAfterMs?: number,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badInput = (key: MessageKey = 'invalidValue') => new AppError(400, ApiStatus.BAD_INPUT, key);
export const notLoggedIn = () => new AppError(401, ApiStatus.NOT_LOGGED_IN, 'notLoggedIn');
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, ApiStatus.FORBIDDEN, key);
export const notFound = () => new AppError(404, ApiStatus.NOT_FOUND, 'notFound');
export const conflict = (key: MessageKey = 'conflict') => new AppError(409, ApiStatus.CONFLICT, key);
export const tooLarge = (key: MessageKey = 'tooLarge') => new AppError(413, ApiStatus.TOO_LARGE, key);
/** A counted limit is full; with `retryAfterMs`, the reply says when it frees (docs/access.md). */
export const tooManyRequests = (key: MessageKey = 'tooManyRequests', retryAfterMs?: number) =>
  new AppError(429, ApiStatus.TOO_MANY_REQUESTS, key, retryAfterMs);
/** Busy for the moment: try again (sent with retry-after, plugins/errors.ts). */
export const unavailable = (key: MessageKey) => new AppError(503, ApiStatus.UNAVAILABLE, key);
