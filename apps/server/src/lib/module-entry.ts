/**
 * How to start one of the server's own modules in a worker thread or a child process: the file
 * beside the caller, `.ts` under tsx (development, tests) or `.js` once compiled, with the tsx
 * loader passed on only for TypeScript. A worker or child does not inherit vitest's transform,
 * so the loader must be named explicitly.
 */
export function moduleEntry(callerUrl: string, name: string): { url: URL; execArgv: string[] } {
  const typescript = callerUrl.endsWith('.ts');
  const url = new URL(`./${name}.${typescript ? 'ts' : 'js'}`, callerUrl);
  return { url, execArgv: typescript ? ['--import', 'tsx'] : [] };
}
