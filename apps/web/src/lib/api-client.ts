import {
  GUEST_HEADER,
  LIMITS,
  LOGGED_OUT_BODY_CODES,
  SUCCESS_BODY_CODES,
  TOKEN_HEADER,
} from '@koma/shared/constants';
import type { ApiInput, ApiReply, Contract, Route } from '@koma/shared/contract';
import { routes } from '@koma/shared/routes';
import type { Envelope } from '@koma/shared/schemas';
import { beginBusy } from './busy';
import { showLoggedOutDialog, toastError, toastSuccess } from './feedback';
import { i18n } from './i18n';
import { getToken } from './token';

/** The one place HTTP happens (docs/architecture.md). Replies are `{status, info, data}`. */

export interface RequestOptions {
  /** No busy overlay (background loads that show their own loading state). */
  silent?: boolean;
  /** The screen shows failures itself: no error toast and no logged-out dialog. */
  quiet?: boolean;
  /** Show the reply's info as a success toast (10 s, closable). */
  successToast?: boolean;
  /** Query string for GET calls. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** A review link's guest token (docs/access.md, "Review links"): sent instead of the session's. */
  guestToken?: string;
}

export class ApiError extends Error {
  /** Body status (HTTP status when the body has none; 0 for network failures and time-outs). */
  readonly status: number;
  readonly httpStatus: number;
  /** The server's (already localised) explanation. */
  readonly info: string;

  constructor(status: number, httpStatus: number, info: string) {
    super(info);
    this.name = 'ApiError';
    this.status = status;
    this.httpStatus = httpStatus;
    this.info = info;
  }

  get loggedOut(): boolean {
    return LOGGED_OUT_BODY_CODES.includes(this.status);
  }
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function toEnvelope<T>(raw: unknown, httpStatus: number): Envelope<T> {
  if (raw && typeof raw === 'object' && typeof (raw as { status?: unknown }).status === 'number') {
    const body = raw as { status: number; info?: unknown; data?: unknown };
    return {
      status: body.status,
      info: typeof body.info === 'string' ? body.info : '',
      data: body.data as T,
    };
  }
  return { status: httpStatus, info: '', data: undefined as T };
}

async function send<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, LIMITS.requestTimeoutMs);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort);
  const endBusy = opts.silent ? () => {} : beginBusy();

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (opts.guestToken) headers[GUEST_HEADER] = opts.guestToken;
  else if (token) headers[TOKEN_HEADER] = token;
  if (method === 'POST') headers['Content-Type'] = 'application/json';

  let response: Response;
  let raw: unknown;
  try {
    response = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const text = await response.text();
    try {
      raw = text ? JSON.parse(text) : null;
    } catch {
      raw = null;
    }
  } catch (cause) {
    const callerAborted = opts.signal?.aborted === true && !timedOut;
    const text = timedOut
      ? i18n.t('errors.timeout')
      : cause instanceof Error && cause.message
        ? cause.message
        : i18n.t('errors.network');
    if (!opts.quiet && !callerAborted) toastError(text);
    throw new ApiError(0, 0, text);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
    endBusy();
  }

  return settle<T>(raw, response.status, opts);
}

/** Success (HTTP 200 or a success body code, docs/error-codes.md) or the reported error. */
function settle<T>(raw: unknown, httpStatus: number, opts: RequestOptions): Envelope<T> {
  const reply = toEnvelope<T>(raw, httpStatus);
  if (httpStatus === 200 || SUCCESS_BODY_CODES.includes(reply.status)) {
    if (opts.successToast && reply.info) toastSuccess(reply.info);
    return reply;
  }
  const info = reply.info || 'Error';
  const error = new ApiError(reply.status, httpStatus, info);
  if (!opts.quiet) {
    if (error.loggedOut) showLoggedOutDialog();
    else toastError(info);
  }
  throw error;
}

export interface UploadOptions extends Pick<RequestOptions, 'quiet' | 'signal'> {
  /** Real progress in percent, from the browser's upload progress events. */
  onProgress?: (percent: number) => void;
}

/**
 * multipart/form-data POST through XMLHttpRequest (fetch reports no upload progress). The form's
 * fields are sent in insertion order: the upload call needs `type` before `file`. No busy overlay
 * (the screen shows the progress) and no time-out (a large file may take longer than a call).
 */
function sendForm<T>(path: string, form: FormData, opts: UploadOptions): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader(TOKEN_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        opts.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const fail = (text: string, report: boolean) => {
      if (report && !opts.quiet) toastError(text);
      reject(new ApiError(0, 0, text));
    };
    xhr.onerror = () => fail(i18n.t('errors.network'), true);
    xhr.onabort = () => fail(i18n.t('errors.network'), false);
    xhr.onload = () => {
      let raw: unknown = null;
      try {
        raw = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        raw = null;
      }
      try {
        resolve(settle<T>(raw, xhr.status, opts));
      } catch (error) {
        reject(error);
      }
    };
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

type Domain = keyof Contract;
type CallName<D extends Domain> = keyof Contract[D] & string;
/** Calls that take no input may leave it out. */
type InputArgs<D extends Domain, K extends CallName<D>> =
  ApiInput<D, K> extends undefined
    ? [input?: undefined, opts?: RequestOptions]
    : [input: ApiInput<D, K>, opts?: RequestOptions];

function routeOf(domain: Domain, name: string): Route {
  // The contract's types guarantee the pair exists; routes.ts is the only place paths are written.
  return (routes[domain] as Record<string, Route>)[name] as Route;
}

/** The path of an endpoint, for links and streams the browser opens itself (files, live events). */
export function pathOf<D extends Domain>(domain: D, name: CallName<D>): string {
  return routeOf(domain, name).path;
}

/** Uploads a form to a multipart endpoint (its input goes in the query string), with progress. */
export async function callUpload<D extends Domain, K extends CallName<D>>(
  domain: D,
  name: K,
  form: FormData,
  input?: ApiInput<D, K>,
  opts: UploadOptions = {},
): Promise<ApiReply<D, K>> {
  const path = buildUrl(routeOf(domain, name).path, input as RequestOptions['query']);
  return (await sendForm<ApiReply<D, K>>(path, form, opts)).data;
}

function sendCall<T>(domain: Domain, name: string, input: unknown, opts: RequestOptions = {}) {
  const route = routeOf(domain, name);
  if (route.method === 'GET')
    return send<T>('GET', route.path, undefined, { ...opts, query: input as RequestOptions['query'] });
  return send<T>('POST', route.path, input, opts);
}

/**
 * Calls an endpoint of the contract by domain and name (docs/architecture.md, "The contract"),
 * resolving to the reply's data: input and reply are typed from the shared schemas, so a renamed
 * field or call fails the type-check here and on the server alike.
 */
export async function call<D extends Domain, K extends CallName<D>>(
  domain: D,
  name: K,
  ...[input, opts]: InputArgs<D, K>
): Promise<ApiReply<D, K>> {
  return (await sendCall<ApiReply<D, K>>(domain, name, input, opts)).data;
}

/** Like `call`, resolving to the whole envelope (when the screen shows `info`). */
export function callReply<D extends Domain, K extends CallName<D>>(
  domain: D,
  name: K,
  ...[input, opts]: InputArgs<D, K>
): Promise<Envelope<ApiReply<D, K>>> {
  return sendCall<ApiReply<D, K>>(domain, name, input, opts);
}

/** A readable text for any error thrown by a call. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.info;
  if (error instanceof Error && error.message) return error.message;
  return 'Error';
}
