import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import firstScreenChunks from './first-screen-chunks.json' with { type: 'json' };

const server = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: server, changeOrigin: true },
  '/admin': { target: server, changeOrigin: true },
};

/**
 * Two optional features antd's ConfigProvider and Card import for every screen, which Koma never
 * uses, point in builds at stand-ins (src/lib/antd-lazy/) that render the real component loaded on
 * demand: behaviour is unchanged, but the feature leaves the first download. ConfigProvider's
 * tooltip UniqueProvider (rendered only with `tooltip={{ unique: true }}`) is about 8.6 KB gzip of
 * /login; Card's Tabs (rendered only with `tabList`) 10 KB of /dashboard. Each specifier is
 * written by exactly one antd file (antd/es/config-provider/index.js, antd/es/card/Card.js), so a
 * plain alias redirects that import only; another file taking the same specifier would get the
 * same lazy stand-in. Before issue 12 a plugin redirected these by importer, with a third, the
 * form engine behind every popup's form context: without it /dashboard carries 12.6 KB more, within
 * the 5 % (bench/README.md, "First screens").
 */
const antdStandIns = [
  { find: /^\.\.\/tooltip\/UniqueProvider$/, replacement: 'unique-provider.tsx' },
  { find: /^\.\.\/tabs$/, replacement: 'tabs.tsx' },
].map(({ find, replacement }) => ({
  find,
  replacement: fileURLToPath(new URL(`./src/lib/antd-lazy/${replacement}`, import.meta.url)),
}));

/** The part of lib/i18n.ts each translation file belongs to. */
const TEXT_PARTS: Record<string, 'boot' | 'app'> = {
  'ui-boot': 'boot',
  validation: 'boot',
  'ui-app': 'app',
  statuses: 'app',
};
const ANTD_LOCALES: Record<string, string> = { ja_JP: 'ja', zh_CN: 'zh', en_US: 'en' };

/** `texts-<lang>-<part>` for a translation file the web loads, or antd's locale of a language. */
function textsChunk(id: string): string | null {
  const texts = /[\\/]i18n[\\/](ja|zh|en)[\\/]([a-z-]+)\.json$/.exec(id);
  const part = texts ? TEXT_PARTS[texts[2] as string] : undefined;
  if (texts && part) return `texts-${texts[1]}-${part}`;
  const antd = /[\\/]antd[\\/]es[\\/]locale[\\/](ja_JP|zh_CN|en_US)\.js$/.exec(id);
  return antd ? `texts-${ANTD_LOCALES[antd[1] as string]}-boot` : null;
}

/**
 * react-router's package.json sends every bundler to its development build (remix-run/react-router
 * #12532, #14102), which carries dev-only warnings and checks. Builds use the production build of
 * the same version instead; dev and tests keep the development one.
 */
const reactRouterProduction = fileURLToPath(
  new URL('./dist/production/index.mjs', import.meta.resolve('react-router/package.json')),
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Compressed once at build (the server sends the .br or .gz file as it is) rather than on
    // every request, on the core the browser's own work needs during a first load.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }, ...antdStandIns] }
      : {},
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle-size.mjs reads the manifest to measure each route's first-load JS.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry needs before the first screen, in two chunks (each well under the 500 KB
            // limit, and fewer, larger files compress better than many small ones): React itself,
            // which rarely changes between releases, and the rest (the router, i18next, antd's
            // config and style engine).
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // The app's own start-up code stays in the entry, whatever the groups below take.
            { name: 'index', tags: ['$initial'] },
            // TanStack Query: needed by every screen inside the Query route, one chunk.
            { name: 'tanstack-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            // What most screens share goes into one chunk each for libraries (antd's base, Button,
            // Space, popups...: 26 or more of the lazy chunks) and for the app's own helpers and
            // @koma/shared (20 or more). The libraries' bar rose from 20 when issue 40's screens made
            // a few more antd components shared by 20-25 chunks: all of them went into the chunk
            // every first screen loads, 4 KB gzip more on /dashboard, which uses none of them
            // (bench/README.md, "Bundle budget").
            { name: 'ui-common', test: /[\\/]node_modules[\\/]/, minShareCount: 26 },
            {
              name: 'app-common',
              test: /[\\/](apps[\\/]web[\\/]src[\\/]lib|packages[\\/]shared[\\/]src)[\\/]/,
              minShareCount: 20,
            },
            // A language's texts come in two parts (lib/i18n.ts): each part's files, and antd's locale
            // with the first part, travel as one file rather than three or two, since over HTTP/1.1
            // the first screen waits for each of them.
            { name: textsChunk },
            // The first screens of a visit (/login, the logged-in frame with /dashboard, /home) each
            // get one chunk with everything else they need (a group takes its roots' dependencies
            // too), in that order (a later group takes only
            // what an earlier one left). Split per set of screens using it, the rest left a
            // logged-in screen with about 55 files: over HTTP/1.1 (6 connections) their round trips,
            // not their bytes, held /dashboard's first paint past its 2 s budget (measured in
            // e2e/tests/web-vitals.spec.ts and bench/README.md, "First screens").
            ...firstScreenChunks.map(({ name, roots }) => ({
              name,
              test: (id: string) => roots.some((root) => id.endsWith(`/src/${root}`)),
            })),
          ],
        },
      },
    },
  },
}));
