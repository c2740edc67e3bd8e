import { randomBytes } from 'node:crypto';
import { contract, type Endpoint, Who } from '@koma/shared/contract';
import { routeBase } from '@koma/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED } from './lib/log-redaction.js';
import { creatorBody, signUpAndLogin } from './test/accounts-fixtures.js';
import { call } from './test/api.js';
import { type Account, account, pendingPairing } from './test/authorization-world.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * No secret a URL carries reaches the log (docs/access.md, "Secrets in the logs"): the request
 * lines of LOG_LEVEL=debug name the route with `REDACTED` where the token or signature was.
 */
let t: TestApp;
const lines: string[] = [];
const log = () => lines.join('');

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'debug' }, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

const fakeSecret = () => `Secret${randomBytes(32).toString('base64url')}`;
const exp = () => String(Math.floor(Date.now() / 1000) + 600);

/** A GET (or the one-click POST) of `url` without a session, as a calendar service or mail client makes it. */
async function open(url: string, method: 'GET' | 'POST' = 'GET') {
  const path = url.startsWith('http') ? url.slice(t.config.publicUrl.length) : url;
  const res = await t.app.inject({
    method,
    url: path,
    ...(method === 'POST'
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        }
      : {}),
  });
  expect(res.statusCode, path).toBeLessThan(500);
}

/** The request lines of the log whose URL starts with `path` (before any query). */
function loggedUrls(path: string): string[] {
  return lines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url?.startsWith(path) ? [entry.req.url] : []));
}

function expectRedacted(secret: string, path: string) {
  expect(log()).not.toContain(secret);
  const urls = loggedUrls(path);
  expect(urls.length, path).toBeGreaterThan(0);
  for (const url of urls) expect(url, path).toContain(REDACTED);
}

interface SignedLink {
  /** The route's path, as the log must still name it. */
  route: string;
  url: (secret: string) => string;
  method?: 'POST';
}

const file = '3/2026/01/0123456789abcdef0123456789abcdef.png';

/** A link with a secret for every signed-link endpoint of the contract, written as the app writes them. */
const SIGNED_LINKS: Record<string, SignedLink> = {
  'calendar.feed': {
    route: contract.calendar.feed.path,
    url: (s) => `${contract.calendar.feed.path}?token=${s}`,
  },
  'notices.unsubscribe': {
    route: contract.notices.unsubscribe.path,
    url: (s) => `${contract.notices.unsubscribe.path}?token=1.digest.${s}`,
    method: 'POST',
  },
  'uploads.file': {
    route: routeBase(contract.uploads.file),
    url: (s) => `${routeBase(contract.uploads.file)}${file}?exp=${exp()}&sig=${s}`,
  },
  // The signature is a path segment: /api/renditions/<exp>/<sig>/<key>.r/<file> (docs/renditions.md).
  'uploads.rendition': {
    route: routeBase(contract.uploads.rendition),
    url: (s) => `${routeBase(contract.uploads.rendition)}${exp()}/${s}/${file}.r/thumb.webp`,
  },
  'marks.sheet': {
    route: contract.marks.sheet.path,
    url: (s) => `${contract.marks.sheet.path}?projectId=1&pageId=1&which=open&exp=${exp()}&sig=${s}`,
  },
  'workflow.zip': {
    route: contract.workflow.zip.path,
    url: (s) => `${contract.workflow.zip.path}?projectId=1&chapterId=1&exp=${exp()}&sig=${s}`,
  },
  'print.deliveryFile': {
    route: contract.print.deliveryFile.path,
    url: (s) =>
      `${contract.print.deliveryFile.path}?projectId=1&chapterId=1&format=tiff&exp=${exp()}&sig=${s}`,
  },
};

describe('request logs at debug level', () => {
  it('cover every signed link of the contract', () => {
    const signed = Object.entries(contract).flatMap(([domain, endpoints]) =>
      Object.entries(endpoints as Record<string, Endpoint>).flatMap(([name, e]) =>
        e.who === Who.SIGNED_LINK ? [`${domain}.${name}`] : [],
      ),
    );
    expect(Object.keys(SIGNED_LINKS).sort()).toEqual(signed.sort());
  });

  it.each(Object.keys(SIGNED_LINKS))('keep the secret of %s out, and name the route', async (name) => {
    const link = SIGNED_LINKS[name] as SignedLink;
    const secret = fakeSecret();
    await open(link.url(secret), link.method);
    expectRedacted(secret, link.route);
  });

  it("keep out a real calendar feed's token", async () => {
    const { token } = await signUpAndLogin(t);
    const made = await call(t, contract.calendar.make, { lang: 'ja' }, token);
    const url = made.body.data.url;
    const secret = new URL(url).searchParams.get('token') as string;
    await open(url);
    expectRedacted(secret, contract.calendar.feed.path);
    expect(log()).not.toContain(token);
  });

  it("keep out a real notice mail's unsubscribe token", async () => {
    const editor: Account = await account(t, 'editor');
    await pendingPairing(t, editor);
    const header = (await t.mailsTo(editor.email)).find((m) => m.headers)?.headers?.['List-Unsubscribe'];
    const url = (header ?? '').slice(1, -1);
    const secret = new URL(url).searchParams.get('token') as string;
    await open(url, 'POST');
    expectRedacted(secret, contract.notices.unsubscribe.path);
  });

  it('keep out the tokens of the mailed sign-up and password reset links', async () => {
    const body = creatorBody();
    await call(t, contract.accounts.register, body);
    await call(t, contract.accounts.forgotPassword, { email: 'nobody@example.com' });
    const confirm = (await t.mailsTo(body.email)).at(-1)?.link as string;
    await signUpAndLogin(t, creatorBody({ email: `reset-${body.email}` }));
    await call(t, contract.accounts.forgotPassword, { email: `reset-${body.email}` });
    const reset = (await t.mailsTo(`reset-${body.email}`)).at(-1)?.link as string;
    for (const link of [confirm, reset]) {
      const url = new URL(link);
      await open(link);
      expectRedacted(url.searchParams.get('token') as string, url.pathname);
    }
  });
});
