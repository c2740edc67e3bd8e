/// <reference types="vite/client" />
// Only the locale tests read this (through Vite's glob import); the app loads resources in resources.ts.

/** Every resource file, by path (`./ja/validation.json`). */
const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });

/** Every text of one language, by namespace and key path (arrays with their length). */
export function resourceTexts(lang: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') found.set(at, value);
    else if (Array.isArray(value)) {
      found.set(`${at}[]`, String(value.length));
      for (const [i, v] of value.entries()) walk(v, `${at}[${i}]`);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
    } else found.set(at, `not a text: ${String(value)}`);
  };
  for (const [file, content] of Object.entries(files)) {
    const [, fileLang, namespace] = file.split('/');
    if (fileLang === lang) walk(content, (namespace ?? '').replace(/\.json$/, ''));
  }
  return found;
}
