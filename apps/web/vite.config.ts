import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { BOOT_SECTIONS, type TextPart } from './src/locales/sections.ts';

const server = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: server, changeOrigin: true },
  '/admin': { target: server, changeOrigin: true },
};

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
  properties?: Node[];
}

/**
 * @koma/shared builds its zod schemas at module level (`export const x = z.object(...)`). The web
 * app imports mostly constants from the package, so those top-level calls are marked pure: each
 * initializer becomes an annotated IIFE, evaluated exactly as before when used and dropped (with
 * zod) when not. Without this, every page would download zod. The message catalogues get the
 * same treatment: their objects spread other modules' objects (`...PRODUCTION_MESSAGES.ja`),
 * which kept every language's messages in the bundle although the web reads its own language's
 * copy from the locale parts (koma:locale-parts below).
 */
function pureSharedSchemas(): Plugin {
  const schemaFile = /[\\/]packages[\\/]shared[\\/]src[\\/](schemas[\\/][^\\/]+|messages)\.ts$/;
  return {
    name: 'koma:pure-shared-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!schemaFile.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const spans: [number, number][] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          const spreads =
            init?.type === 'ObjectExpression' && init.properties?.some((p) => p.type === 'SpreadElement');
          if (init && (init.type === 'CallExpression' || spreads)) spans.push([init.start, init.end]);
        }
      }
      if (spans.length === 0) return null;
      let out = code;
      for (const [start, end] of spans.sort((a, b) => b[0] - a[0])) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * Imports inside antd that drag more into a screen than they use, redirected in builds:
 *
 * - `standIn`: the import is an optional feature Koma does not use on its first screens; it is
 *   pointed at a stand-in under src/lib/antd-lazy/ which renders the real component loaded on
 *   demand, so behaviour is unchanged but the sibling leaves the first download.
 * - `target`: the import needs one small module of a package whose index has side effects (so
 *   the bundler keeps all of it); it is pointed at that module directly.
 *
 * If antd moves an importer, nothing matches and nothing changes (bench/bundle-size.mjs would
 * then report the growth); a `target` that no longer exists fails the build.
 */
const ANTD_IMPORTS: { importer: RegExp; source: string; standIn?: string; target?: string }[] = [
  // Form.Item label -> Tooltip, for the optional `tooltip` prop (the popup engine, on forms).
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/,
    source: '../tooltip',
    standIn: 'tooltip.tsx',
  },
  // ConfigProvider -> tooltip UniqueProvider, rendered only with `tooltip={{ unique: true }}`.
  {
    importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    standIn: 'unique-provider.tsx',
  },
  // Card -> Tabs and Skeleton, rendered only with the `tabList` and `loading` props.
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', standIn: 'tabs.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../skeleton', standIn: 'skeleton.tsx' },
  // Typography -> its in-place editor (with TextArea), rendered only with the `editable` prop.
  {
    importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    source: '../Editable',
    standIn: 'typography-editable.tsx',
  },
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
 * `virtual:koma-texts/<lang>-<part>` (e.g. ja-boot): one part of a language's interface texts (see
 * src/locales/sections.ts). The boot part also carries that language's validation and server
 * messages from @koma/shared, read at build time so that the other two languages' messages stay
 * out of the bundle (the package exports them as one object). In dev they are imported as usual.
 */
function localeParts(): Plugin {
  const prefix = 'virtual:koma-texts/';
  let root = '';
  let serve = false;
  let messages: Promise<Record<string, Record<string, string>>> | null = null;
  return {
    name: 'koma:locale-parts',
    configResolved(config) {
      root = config.root;
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [lang, part] = id.slice(prefix.length + 1).split('-') as [string, TextPart];
      if (!/^[a-z]{2}$/.test(lang) || (part !== 'boot' && part !== 'app')) this.error(`Unknown texts ${id}`);
      const file = path.join(root, 'src/locales', `${lang}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const texts = Object.fromEntries(
        Object.entries(all).filter(([section]) => BOOT_SECTIONS.includes(section) === (part === 'boot')),
      );
      if (part === 'app') return { code: `export default ${JSON.stringify(texts)};`, moduleType: 'js' };
      if (serve) {
        const code = `import { MESSAGES } from '@koma/shared';\nexport default { ...${JSON.stringify(texts)}, validation: MESSAGES[${JSON.stringify(lang)}] };`;
        return { code, moduleType: 'js' };
      }
      const shared = await this.resolve('@koma/shared');
      if (!shared) this.error('@koma/shared not found');
      messages ??= runnerImport<{ MESSAGES: Record<string, Record<string, string>> }>(shared.id, {
        configFile: false,
        logLevel: 'silent',
      }).then((r) => r.module.MESSAGES);
      const validation = (await messages)[lang];
      if (!validation) this.error(`No messages for ${lang} in @koma/shared`);
      return { code: `export default ${JSON.stringify({ ...texts, validation })};`, moduleType: 'js' };
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
  plugins: [react(), pureSharedSchemas(), antdImports(), localeParts()],
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
