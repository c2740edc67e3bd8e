/** Body `status` codes of the `{status, info, data}` envelope (docs/error-codes.md). */
export const ApiStatus = {
  OK: 200,
  BAD_INPUT: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  /** Restarting, or the database cannot be reached for a moment: try again. */
  UNAVAILABLE: 503,
  /** No, expired or revoked token: the client opens the logged-out dialog. */
  NOT_LOGGED_IN: 50014,
  /** Unexpected failure. Never 500 in the body: the client treats 500 as "logged out". */
  UNEXPECTED: 50000,
} as const;

/** Body codes the client also accepts as success (docs/error-codes.md; invitation reply 0, pairing reply 2). */
export const SUCCESS_BODY_CODES: readonly number[] = [200, 20000, 0, 2];

/** Body codes that open the "you are logged out" confirm dialog (docs/error-codes.md). */
export const LOGGED_OUT_BODY_CODES: readonly number[] = [500, 50012, 50014];

/** HTTP header carrying the session token. */
export const TOKEN_HEADER = 'token';
/**
 * HTTP header carrying a review link's guest token (docs/access.md, "Review links"): never the
 * session's header, so a guest token is no session and a session opens no guest call.
 */
export const GUEST_HEADER = 'koma-guest';
/** Cookie names shared by server and web. */
export const COOKIE = { token: 'koma_token', lang: 'koma_lang', sidebar: 'koma_sidebar' } as const;
