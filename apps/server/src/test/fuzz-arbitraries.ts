import diagnostics from 'node:diagnostics_channel';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { isApiPath } from '../plugins/errors.js';

/**
 * Test helpers for the hostile-input fuzz run: the routes of an app with their zod schemas, and
 * fast-check arbitraries for requests to them — well-formed bodies built from the schema, the
 * same with one field made hostile, wrong types, broken JSON, wrong content types, deep nesting,
 * huge strings, odd unicode, odd query strings and headers.
 */

/** Where stored files are served: the path of uploads.file without its `*`. */
const filesPrefix = contract.uploads.file.path.replace('*', '');
/** The uploads, whose body is a form. */
const multipartPaths = new Set<string>([contract.uploads.upload.path, contract.pages.upload.path]);

export interface FuzzRoute {
  method: 'GET' | 'POST';
  url: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  access?: string;
}

/**
 * Builds an app while recording every route it registers. Fastify announces each new instance on
 * the `fastify.initialization` channel before any plugin runs, so an onRoute hook added there
 * sees every route, with its schema, without touching the app's code.
 */
export async function withRouteRecorder<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routes: FuzzRoute[]; errors: Error[] }> {
  const seen: RouteOptions[] = [];
  /** Every error that reached the error handler, so that a 500 comes with its stack. */
  const errors: Error[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const subscriber = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => void seen.push(route));
    fastify.addHook('onError', async (_request, _reply, error) => void errors.push(error));
  };
  channel.subscribe(subscriber);
  let built: T;
  try {
    built = await build();
  } finally {
    channel.unsubscribe(subscriber);
  }
  const routes = new Map<string, FuzzRoute>();
  for (const r of seen) {
    if (!isApiPath(r.url ?? '')) continue;
    for (const method of [r.method].flat()) {
      if (method !== 'GET' && method !== 'POST') continue; // HEAD runs the GET handler
      const schema = (r.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType };
      routes.set(`${method} ${r.url}`, {
        method: method as 'GET' | 'POST',
        url: r.url as string,
        body: schema.body,
        querystring: schema.querystring,
        access: (r.config as { access?: string } | undefined)?.access,
      });
    }
  }
  return { built, routes: [...routes.values()], errors };
}

/** Real values of the fuzzed world, so that well-formed bodies reach the services, not just the schema. */
export interface WorldHints {
  /** Known ids by field name (projectId, chapterId, pageId, userId, …). */
  ids: Record<string, number[]>;
  /** Upload paths the actors own (icons, file paths). */
  paths: string[];
}

/** Field names that carry an id of some kind, and the world key they take values from. */
const ID_FIELDS: Record<string, string> = {
  projectId: 'projectId',
  projectid: 'projectId',
  proId: 'projectId',
  chapterId: 'chapterId',
  pageId: 'pageId',
  workflowStepId: 'stepId',
  stepId: 'stepId',
  dirId: 'dirId',
  id: 'dirId',
  fileId: 'fileId',
  userId: 'userId',
  userid: 'userId',
  uid: 'userId',
  toUid: 'userId',
  friendId: 'userId',
  ownerUserId: 'userId',
  msgId: 'msgId',
  posId: 'posId',
  before: 'boardPostId',
};

const PATH_FIELDS = new Set(['icon', 'pic', 'path', 'filePath', 'proposalfile', 'link']);
const DAY_FIELDS = new Set(['stime', 'etime', 'scriptAt', 'checkAt', 'dueOn']);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

/** The input side of a zod schema as JSON Schema (transforms and refinements are not representable). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function dayOffset(days: number): string {
  const d = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** A plausible, mostly valid value for a JSON Schema, with world ids for id fields. */
export function validValue(js: JsonSchema, key: string, hints: WorldHints): fc.Arbitrary<unknown> {
  if (js.const !== undefined) return fc.constant(js.const);
  if (js.enum) return fc.constantFrom(...js.enum);
  const options = js.anyOf ?? js.oneOf;
  if (options) return fc.oneof(...options.map((o) => validValue(o, key, hints)));
  const types = [js.type ?? 'any'].flat();
  const type = types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : types[0];
  switch (type) {
    case 'object': {
      const required = new Set(js.required ?? []);
      const entries = Object.entries(js.properties ?? {}).map(([k, v]) => {
        const value = validValue(v, k, hints);
        return [k, required.has(k) ? value : fc.option(value, { nil: undefined, freq: 3 })] as const;
      });
      return fc
        .record(Object.fromEntries(entries))
        .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    case 'array': {
      const min = js.minItems ?? 0;
      const max = Math.min(js.maxItems ?? 4, min + 4);
      return fc.array(validValue(js.items ?? {}, key, hints), { minLength: min, maxLength: max });
    }
    case 'integer':
    case 'number': {
      const world = ID_FIELDS[key] ? hints.ids[ID_FIELDS[key]] : undefined;
      if (world?.length) return fc.constantFrom(...world);
      const min = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : -5);
      const max = js.maximum ?? (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - 1 : 50);
      const small = fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 6), Math.max(min, 0)) });
      return fc.oneof(
        { arbitrary: small, weight: 4 },
        fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) }),
      );
    }
    case 'string': {
      if (PATH_FIELDS.has(key) && hints.paths.length) return fc.constantFrom(...hints.paths);
      if (DAY_FIELDS.has(key)) return fc.integer({ min: 0, max: 60 }).map(dayOffset);
      if (js.pattern?.includes('@') || key === 'email' || key === 'username')
        return fc.stringMatching(/^[a-z]{1,8}@example\.com$/);
      const ids = ID_FIELDS[key] ? hints.ids[ID_FIELDS[key]] : undefined;
      if (ids?.length) return fc.constantFrom(...ids.map(String));
      const minLength = js.minLength ?? 0;
      const maxLength = Math.min(js.maxLength ?? 40, minLength + 40);
      return fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abc 月の庭カナ1-_.'.split('')) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Unicode that breaks naive code: lone surrogates, NUL, bidi overrides, combining marks, emoji, BOM. */
const NASTY_CHARS = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFFFF',
  '\uFEFF',
  '\u202E',
  '\u200F',
  '\u2028',
  '\u0301',
  '\u{1F600}',
  '\\',
  '"',
  "'",
  '%',
  '\n',
  '\r',
  '\t',
  '<',
  '>',
  '&',
  '$',
  '{',
];

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ unit: fc.constantFrom(...NASTY_CHARS), maxLength: 20 }),
    fc.constantFrom(
      '',
      ' ',
      'null',
      'undefined',
      'NaN',
      '-1',
      '1e400',
      '0x10',
      '__proto__',
      'constructor',
      "' OR 1=1 --",
      '"; drop table users; --',
      '../../../../etc/passwd',
      '..\\..\\windows\\win.ini',
      '%00',
      '%s%s%s%n',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
      '${7*7}',
      '{{7*7}}',
      '<script>alert(1)</script>',
      'a\u0000b',
      '\u202Egnp.exe',
      '2025-02-30',
      '9999-99-99',
      `http://localhost${filesPrefix}x`,
    ),
  );

/** Numbers a schema must refuse or survive: out of range, fractional, negative, huge. */
export const nastyNumber = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(
      0,
      -0,
      -1,
      1.5,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53 + 2,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      1e308,
      -1e308,
      5e-324,
    ),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i += 1) v = kind === 'array' ? [v] : { a: v };
  return v;
}

/** One hostile JSON value: wrong types, odd strings and numbers, arrays for scalars, deep nesting, big strings. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: nastyString(), weight: 4 },
    { arbitrary: nastyNumber(), weight: 4 },
    { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], ['1'], [[1]], { id: 1 }), weight: 3 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
    { arbitrary: fc.array(nastyNumber(), { minLength: 1, maxLength: 3 }), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.integer({ min: 50, max: 3000 }),
          fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
        )
        .map(([d, k]) => nested(d, k)),
      weight: 1,
    },
    { arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => 'あ'.repeat(n)), weight: 1 },
  );

export interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/javascript',
  'image/png',
  '*/*',
  ';;;',
  'application/json, text/plain',
];

/** Header values a proxy could pass on: only visible ASCII and spaces (a real HTTP parser refuses the rest). */
const headerValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 60,
    }),
    fc.constantFrom('', 'null', 'undefined', '../..', 'x'.repeat(300), 'a'.repeat(8000), '*', '1, 2, 3'),
  );

/** Headers that should change nothing but the language or the caller: odd tokens, languages, proxies, cookies. */
const hostileHeaders = (): fc.Arbitrary<Record<string, string>> =>
  fc.record(
    {
      token: headerValue(),
      'accept-language': fc.oneof(
        headerValue(),
        fc.constantFrom('ja', 'zh-CN,zh;q=0.9', 'en;q=x', 'xx-YY', '*;q=0'),
      ),
      'x-forwarded-for': fc.oneof(
        headerValue(),
        fc.constantFrom('1.2.3.4', '::1', '999.1.1.1, 2.2.2.2', 'unknown'),
      ),
      cookie: fc.oneof(headerValue(), fc.constantFrom('koma_token=', 'koma_token=%ZZ', '=;=;', 'a=b; a=c')),
      accept: fc.oneof(headerValue(), fc.constantFrom('text/html', 'application/xml', '*/*')),
    },
    { requiredKeys: [] },
  );

/** Percent-encodes every byte (lone surrogates become U+FFFD, as a browser would send them). */
const encodeBytes = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Encodes a value as a query string value the way a hostile client might. */
function queryValue(v: unknown): string {
  return encodeBytes(
    typeof v === 'string' ? v : typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? ''),
  );
}

function toQuery(obj: Record<string, unknown>): string {
  return Object.entries(obj)
    .map(([k, v]) =>
      Array.isArray(v) ? v.map((x) => `${k}=${queryValue(x)}`).join('&') : `${k}=${queryValue(v)}`,
    )
    .join('&');
}

/** Raw query strings that break naive parsers: bad percent escapes, repeats, brackets, huge ones. */
const rawQuery = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '%',
      '%ZZ',
      '%00',
      '%C0%AE%C0%AE',
      '%E0%A4%A',
      '&&&',
      '==',
      'a[b][c]=1',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      'proId[]=1',
      'uid=1&uid=2',
      'w=80&w=-1',
      `q=${'x'.repeat(10_000)}`,
    ),
    fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 40,
    }),
  );

/** The `*` of a stored file's path (uploads.file): traversal, encoded slashes, NUL, unicode, very long keys. */
const filesKey = (paths: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '../../../../etc/passwd',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e/%2e%2e/etc/passwd',
      '....//....//etc/passwd',
      'a%00.png',
      '%C0%AE%C0%AE/x',
      '..\\..\\x.png',
      'x'.repeat(5000),
      '',
      '.',
      '/',
      '%E2%80%AEgnp.exe',
      'tmp/x',
      '%',
    ),
    ...(paths.length
      ? [
          fc
            .tuple(
              fc.constantFrom(...paths),
              fc.constantFrom('', '/..', '%00', '.bak', '/../..', '?w=80', '?w=-1', '?w=abc'),
            )
            .map(([p, s]) => `${new URL(p, 'http://x').pathname.replace(filesPrefix, '')}${s}`),
        ]
      : []),
    fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 40,
    }),
  );

/** Hand-made multipart bodies, mostly broken: wrong or missing boundaries, odd names, truncated parts. */
const multipartPayload = (): fc.Arbitrary<{ payload: string; contentType: string }> =>
  fc
    .record({
      boundary: fc.constantFrom('xx', 'a'.repeat(70), '--', 'b"c', ''),
      declared: fc.constantFrom('same', 'other', 'none'),
      filename: fc.oneof(nastyString(), fc.constantFrom('page.png', '../../x.png', 'a\u0000.png', '')),
      field: fc.constantFrom('file', 'type', 'projectId', 'pageId', '', '__proto__'),
      value: fc.oneof(nastyString(), fc.constantFrom('1', '3', '11', '-1', 'x')),
      content: fc.constantFrom('', 'GIF89a<script>', '\x89PNG\r\n\x1a\n', 'x'.repeat(2000)),
      truncate: fc.boolean(),
    })
    .map(({ boundary, declared, filename, field, value, content, truncate }) => {
      const body =
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: image/png\r\n\r\n${content}\r\n--${boundary}--\r\n`;
      const b = declared === 'same' ? boundary : declared === 'other' ? 'zz' : '';
      return {
        payload: truncate ? body.slice(0, Math.floor(body.length / 2)) : body,
        contentType: b ? `multipart/form-data; boundary=${b}` : 'multipart/form-data',
      };
    });

/** Replaces, drops or adds one field of a well-formed object. */
function mutateOne(seed: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      seed,
      fc.nat(),
      hostileValue(),
      fc.constantFrom('replace', 'replace', 'replace', 'drop', 'add', 'wrap'),
    )
    .map(([s, pick, value, how]) => {
      if (!s || typeof s !== 'object' || Array.isArray(s)) return value;
      const obj = { ...(s as Record<string, unknown>) };
      const keys = Object.keys(obj);
      const key = keys[pick % Math.max(keys.length, 1)] ?? 'x';
      if (how === 'drop') delete obj[key];
      else if (how === 'add') obj[`extra${pick % 3}`] = value;
      else if (how === 'wrap') obj[key] = [obj[key]];
      else obj[key] = value;
      return obj;
    });
}

/** Broken JSON texts: truncated, trailing garbage, NaN, single quotes, duplicate keys, a BOM, prototype keys. */
function brokenJson(seed: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.tuple(seed, fc.nat(), fc.constantFrom(...BREAKERS)).map(([s, cut, breaker]) => {
    const text = JSON.stringify(s ?? {});
    return breaker === 'truncate'
      ? text.slice(0, cut % Math.max(text.length, 1))
      : breaker.replace('$', text);
  });
}
const BREAKERS = [
  'truncate',
  '$garbage',
  '$}',
  '{$',
  '\uFEFF$',
  '[$,]',
  "{'a': 1}",
  '{"a": NaN}',
  '{"a": Infinity}',
  '{"a": 01}',
  '{"a": 1,}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '{"projectId": 1, "projectId": "x"}',
  '',
  ' ',
  'null',
  '"$"',
  '1e999999',
  '\u0000',
];

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Every kind of request for one route. `seed` bodies are the schema's well-formed ones. */
export function requestArb(route: FuzzRoute, hints: WorldHints): fc.Arbitrary<FuzzRequest> {
  const bodySchema = route.body ? inputJsonSchema(route.body) : undefined;
  const querySchema = route.querystring ? inputJsonSchema(route.querystring) : undefined;
  const seedBody = bodySchema ? validValue(bodySchema, '', hints) : fc.constant({});
  const seedQuery = querySchema ? validValue(querySchema, '', hints) : fc.constant({});
  const isMultipart = multipartPaths.has(route.url);
  const wildcard = route.url.endsWith('/*');
  const base = route.url.replace(/\/\*$/, '/');

  const urlArb: fc.Arbitrary<string> = wildcard
    ? filesKey(hints.paths).map((k) => `${base}${k}`)
    : fc.constant(route.url);

  if (route.method === 'GET') {
    const asQuery = (q: fc.Arbitrary<unknown>) =>
      q.map((o) =>
        o && typeof o === 'object' && !Array.isArray(o)
          ? toQuery(o as Record<string, unknown>)
          : `q=${queryValue(o)}`,
      );
    const query = fc.oneof(
      { arbitrary: asQuery(seedQuery), weight: 2 },
      { arbitrary: asQuery(mutateOne(seedQuery)), weight: 4 },
      { arbitrary: rawQuery(), weight: 2 },
    );
    return fc.oneof(
      fc.record({ url: urlArb, q: query }).map(({ url, q }) => ({
        kind: 'query',
        method: 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}${q}`,
        headers: {},
      })),
      fc.record({ url: urlArb, q: asQuery(seedQuery), h: hostileHeaders() }).map(({ url, q, h }) => ({
        kind: 'headers',
        method: 'GET',
        url: `${url}?${q}`,
        headers: h,
      })),
      // A GET with a body, and a POST to a GET route: both must be refused cleanly.
      fc.record({ url: urlArb, body: fc.jsonValue({ maxDepth: 2 }) }).map(({ url, body }) => ({
        kind: 'wrong method',
        method: 'POST',
        url,
        headers: JSON_HEADERS,
        payload: JSON.stringify(body) ?? 'null',
      })),
    );
  }

  const json = (kind: string, body: fc.Arbitrary<unknown>) =>
    body.map((b) => ({
      kind,
      method: 'POST',
      url: route.url,
      headers: JSON_HEADERS,
      payload: JSON.stringify(b) ?? 'null',
    }));
  const variants: fc.WeightedArbitrary<FuzzRequest>[] = [
    { arbitrary: json('well-formed', seedBody), weight: 10 },
    { arbitrary: json('one field mutated', mutateOne(seedBody)), weight: 40 },
    { arbitrary: json('wrong type', hostileValue()), weight: 10 },
    {
      arbitrary: json(
        'random object',
        fc.dictionary(fc.oneof(nastyString(), fc.constantFrom('projectId', 'id', 'page')), hostileValue(), {
          maxKeys: 4,
        }),
      ),
      weight: 5,
    },
    {
      arbitrary: brokenJson(seedBody).map((payload) => ({
        kind: 'broken JSON',
        method: 'POST',
        url: route.url,
        headers: JSON_HEADERS,
        payload,
      })),
      weight: 10,
    },
    {
      arbitrary: fc.tuple(seedBody, fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([b, ct]) => ({
        kind: 'wrong content type',
        method: 'POST',
        url: route.url,
        headers: { 'content-type': ct },
        payload: JSON.stringify(b),
      })),
      weight: 5,
    },
    {
      arbitrary: fc.tuple(seedBody, hostileHeaders()).map(([b, h]) => ({
        kind: 'hostile headers',
        method: 'POST',
        url: route.url,
        headers: { ...h, ...JSON_HEADERS },
        payload: JSON.stringify(b),
      })),
      weight: 5,
    },
    {
      arbitrary: fc.tuple(seedBody, rawQuery()).map(([b, q]) => ({
        kind: 'query on a POST',
        method: 'POST',
        url: `${route.url}?${q}`,
        headers: JSON_HEADERS,
        payload: JSON.stringify(b),
      })),
      weight: 5,
    },
    {
      arbitrary: fc.integer({ min: 1, max: 3 }).map((mb) => ({
        kind: 'body over the limit',
        method: 'POST',
        url: route.url,
        headers: JSON_HEADERS,
        payload: `{"a":"${'x'.repeat(mb * 1024 * 1024)}"}`,
      })),
      weight: 1,
    },
  ];
  if (isMultipart) {
    variants.push({
      arbitrary: fc.tuple(multipartPayload(), rawQuery()).map(([m, q]) => ({
        kind: 'multipart',
        method: 'POST',
        url: `${route.url}?${q.startsWith('q=') ? q : 'type=3'}`,
        headers: { 'content-type': m.contentType },
        payload: m.payload,
      })),
      weight: 50,
    });
  }
  return fc.oneof(...variants);
}

/**
 * A cheap fingerprint of the whole database: the row count of every table, and the newest
 * updated_at of those that have one. Plain SQL built from the catalogue, so that it sees tables
 * added later and depends on no repository. Rate-limit counters are left out: they count refused
 * requests on purpose; so are page renditions, which only the background render jobs write, at
 * their own time (docs/renditions.md), never a request.
 */
export async function fingerprintQuery(db: Db): Promise<() => Promise<string>> {
  const tables = await db.execute<{ table_name: string; has_updated: boolean }>(
    sql.raw(`select t.table_name,
        exists (select 1 from information_schema.columns c
                where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'updated_at') as has_updated
      from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and t.table_name not in ('rate_limits', 'page_renditions')
      order by t.table_name`),
  );
  const parts = tables.rows.map(({ table_name, has_updated }) => {
    const q = `"${table_name}"`;
    const updated = has_updated ? `|| ':' || coalesce((select max(updated_at) from ${q})::text, '')` : '';
    return `'${table_name}=' || (select count(*) from ${q})::text ${updated}`;
  });
  const query = sql.raw(`select concat_ws(' ', ${parts.join(', ')}) as fp`);
  return async () => (await db.execute<{ fp: string }>(query)).rows[0]?.fp ?? '';
}

/**
 * The next transaction id PostgreSQL will hand out. Only a transaction that writes takes one, so
 * while it stands still nothing was written, and the full fingerprint need not be taken again.
 * Reading it takes no id itself.
 */
export function writeClock(db: Db): () => Promise<string> {
  const query = sql.raw('select pg_snapshot_xmax(pg_current_snapshot())::text as xmax');
  return async () => (await db.execute<{ xmax: string }>(query)).rows[0]?.xmax ?? '';
}
