/** One part of a language's interface texts, built by the koma:locale-parts plugin (vite.config.ts). */
declare module 'virtual:koma-texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
