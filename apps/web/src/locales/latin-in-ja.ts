/**
 * The ja texts that may be written in Latin letters, by key: names (Koma, English), file kinds,
 * OK, and the English 404 page of the specification. locales.test.ts holds ja.json to this list,
 * and the browser walk (e2e/tests/route-walk.spec.ts) allows on screen only these texts.
 */
export const LATIN_IN_JA: readonly string[] = [
  'common.appName',
  'common.copyright',
  'common.languages.en',
  'mailSettings.languages.en',
  'common.ok',
  'landing.vision.eyebrow',
  'notFound.home',
  'notFound.message',
  'profile.rowLabel',
  'project.files.ext.excel',
  'project.files.ext.pdf',
  'project.files.ext.word',
  'project.files.ext.zip',
  'titles.notFound',
  'viewer.position',
];
