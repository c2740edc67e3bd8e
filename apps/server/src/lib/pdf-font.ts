import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Noto Sans JP from npm (@expo-google-fonts/noto-sans-jp, OFL): the PDF's standard fonts have no
 * kana or kanji. Read once per process; PDFKit embeds only the glyphs a document uses. Used by the
 * correction sheets (docs/marks.md) and the delivery's proof (docs/print.md).
 */
export const JAPANESE_FONT = 'NotoSansJP';
let fontData: Buffer | undefined;

export function japaneseFont(): Buffer {
  if (!fontData) {
    const require = createRequire(import.meta.url);
    fontData = readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    );
  }
  return fontData;
}
