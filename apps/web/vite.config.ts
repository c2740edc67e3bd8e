import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * react-router's package.json sends every bundler to its development build (remix-run/react-router
 * #12532, #14102), which carries dev-only warnings and checks. Builds use the production build of
 * the same version instead; dev and tests keep the development one.
 */
const reactRouterProduction = fileURLToPath(
  new URL('./dist/production/index.mjs', import.meta.resolve('react-router/package.json')),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), antdImports()],
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
            // TanStack Query: needed by every screen inside the Query route, one chunk.
            { name: 'tanstack-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            // The rest is split by the bundler per set of screens using it, which left a logged-in
            // screen with about 85 files, many under 1 KB: over HTTP/1.1 (6 connections) their
            // round trips, not their bytes, delayed the first paint. What most screens share (20
            // or more of the lazy chunks) goes into one chunk each for libraries (antd's base,
            // Button, Space, popups...) and for the app's own helpers and @koma/shared.
            { name: 'ui-common', test: /[\\/]node_modules[\\/]/, minShareCount: 20 },
            {
              name: 'app-common',
              test: /[\\/](apps[\\/]web[\\/]src[\\/]lib|packages[\\/]shared[\\/]src)[\\/]/,
              minShareCount: 20,
            },
          ],
        },
      },
    },
  },
}));
