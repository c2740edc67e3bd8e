import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
}

/**
 * @koma/shared builds its zod schemas at module level (`export const x = z.object(...)`). The web
 * app imports mostly constants from the package, so those top-level calls are marked pure: each
 * initializer becomes an annotated IIFE, evaluated exactly as before when used and dropped (with
 * zod) when not. Without this, every page would download zod.
 */
function pureSharedSchemas(): Plugin {
  const schemaFile = /[\\/]packages[\\/]shared[\\/]src[\\/]schemas[\\/][^\\/]+\.ts$/;
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
          if (init?.type === 'CallExpression') spans.push([init.start, init.end]);
        }
      }
      if (spans.length === 0) return null;
      let out = code;
      for (const [start, end] of spans.sort((a, b) => b[0] - a[0])) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * antd's Form.Item label statically imports Tooltip (for its optional `tooltip` prop), which
 * brings the popup engine into the first load of every form screen, /login included. In builds
 * that one import is pointed at src/lib/lazy-tooltip.tsx, which renders the real Tooltip loaded
 * on demand. Behaviour is unchanged; if antd moves the file, nothing matches and nothing changes.
 */
function lazyFormLabelTooltip(): Plugin {
  const importer = /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/;
  let root = '';
  return {
    name: 'koma:lazy-form-label-tooltip',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source, from) {
      if (source !== '../tooltip' || !from || !importer.test(from)) return null;
      return `${root}/src/lib/lazy-tooltip.tsx`;
    },
  };
}

export default defineConfig({
  plugins: [react(), pureSharedSchemas(), lazyFormLabelTooltip()],
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle-size.mjs reads the manifest to measure each route's first-load JS.
    manifest: true,
  },
});
