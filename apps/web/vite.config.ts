import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import firstScreenChunks from './first-screen-chunks.json' with { type: 'json' };

const server = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: server, changeOrigin: true },
  '/admin': { target: server, changeOrigin: true },
};

/**
 * The one build plugin kept (issue 12 removed the others): three imports inside antd that drag
 * more into a screen than they use, redirected in builds. The first-load budgets of
 * bench/bundle-size.mjs may grow by at most 5 % (measured before: /login 173.4 KB gzip,
 * /dashboard 327.3 KB), the importers are antd's own ConfigProvider, Card and popups, which every
 * screen uses, and a Vite config without a plugin cannot redirect an import for one importer only.
 * Measured with this list (/login 175.4, /dashboard 334.2) and without one entry:
 * UniqueProvider: /login 184.0 (+6.1 %); Tabs: /dashboard 344.3 (+5.2 %); FormContext:
 * /dashboard 346.8 (+6.0 %). Form.Item's Tooltip, Card's Skeleton and Typography's editor
 * were redirected too; without them /dashboard grows by 4 KB, so they were dropped.
 *
 * - `standIn`: the import is an optional feature Koma does not use; it is pointed at a stand-in
 *   under src/lib/antd-lazy/ which renders the real component loaded on demand, so behaviour is
 *   unchanged but the sibling leaves the first download.
 * - `target`: the import needs one small module of a package whose index has side effects (so
 *   the bundler keeps all of it); it is pointed at that module directly.
 *
 * If antd moves an importer, nothing matches and nothing changes (bench/bundle-size.mjs would
 * then report the growth); a `target` that no longer exists fails the build.
 */
const ANTD_IMPORTS: { importer: RegExp; source: string; standIn?: string; target?: string }[] = [
  // ConfigProvider -> tooltip UniqueProvider, rendered only with `tooltip={{ unique: true }}`.
  {
    importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    standIn: 'unique-provider.tsx',
  },
  // Card -> Tabs, rendered only with the `tabList` prop.
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', standIn: 'tabs.tsx' },
  // Every popup (Dropdown, Popover, Tooltip, Modal...) isolates the form context through
  // antd/es/form/context.js, which needs only FormProvider; @rc-component/form's index assigns
  // statics to its Form, so importing it kept the whole form engine and its validator (13 KB gzip).
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: '@rc-component/form',
    target: '@rc-component/form/es/FormContext.js',
  },
];

function antdImports(): Plugin {
  let root = '';
  return {
    name: 'koma:antd-imports',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, from) {
      if (!from) return null;
      const hit = ANTD_IMPORTS.find((r) => r.source === source && r.importer.test(from));
      if (hit?.standIn) return `${root}/src/lib/antd-lazy/${hit.standIn}`;
      if (hit?.target) {
        const resolved = await this.resolve(hit.target, from, { skipSelf: true });
        if (!resolved) this.error(`${hit.target} not found (from ${from})`);
        return resolved;
      }
      return null;
    },
  };
}

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
    antdImports(),
    // Compressed once at build (the server sends the .br or .gz file as it is) rather than on
    // every request, on the core the browser's own work needs during a first load.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
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
            // What most screens share (20 or more of the lazy chunks) goes into one chunk each for
            // libraries (antd's base, Button, Space, popups...) and for the app's own helpers and
            // @koma/shared.
            { name: 'ui-common', test: /[\\/]node_modules[\\/]/, minShareCount: 20 },
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
