import { describe, expect, it } from 'vitest';
import { nicknameField } from './accounts.js';
import { cleanSingleLine, singleLineText } from './single-line.js';

const INVISIBLE = [
  ['zero-width space', '\u200B'],
  ['zero-width non-joiner', '\u200C'],
  ['zero-width joiner', '\u200D'],
  ['left-to-right mark', '\u200E'],
  ['right-to-left mark', '\u200F'],
  ['left-to-right embedding', '\u202A'],
  ['right-to-left override', '\u202E'],
  ['left-to-right isolate', '\u2066'],
  ['pop directional isolate', '\u2069'],
  ['byte order mark', '\uFEFF'],
  ['soft hyphen', '\u00AD'],
  ['word joiner (another format character)', '\u2060'],
  ['Arabic letter mark (another format character)', '\u061C'],
  ['NUL (C0 control)', '\u0000'],
  ['DEL', '\u007F'],
  ['C1 control', '\u009B'],
] as const;

describe('single-line user text', () => {
  it.each(INVISIBLE)('drops a %s', (_, char) => {
    expect(cleanSingleLine(`田中${char}誠`)).toBe('田中誠');
  });

  it('turns line breaks and tabs into spaces and trims the ends', () => {
    expect(cleanSingleLine(' 田中\n誠\t（編集）\r\n')).toBe('田中 誠 （編集）');
  });

  it('composes to NFC, so a name typed decomposed equals the same name typed composed', () => {
    expect(cleanSingleLine('\u30AB\u3099')).toBe('\u30AC');
    expect(cleanSingleLine('Cafe\u0301')).toBe('Café');
  });

  it('keeps visible text as it is: spaces inside, brackets, emoji, other scripts', () => {
    for (const text of ['田中 誠（編集）', 'Ωmega 🎨', 'محمد', '<b>x</b>']) {
      expect(cleanSingleLine(text)).toBe(text);
    }
  });

  it('checks the length after cleaning', () => {
    const field = singleLineText(3, { tooLong: 'tooLong' });
    expect(field.parse(`ab\u200Bc\u202E`)).toBe('abc');
    expect(field.safeParse('abcd').error?.issues[0]?.message).toBe('tooLong');
  });

  it('treats a text of invisible characters only as empty: the usual required message', () => {
    const result = nicknameField.safeParse('\u200B\u202E\uFEFF ');
    expect(result.error?.issues[0]?.message).toBe('nicknameRequired');
    expect(nicknameField.safeParse(undefined).error?.issues[0]?.message).toBe('nicknameRequired');
    expect(nicknameField.parse('\u202E誠 田中')).toBe('誠 田中');
  });

  it('allows empty when no required message is given', () => {
    expect(singleLineText(10).parse('\u200B')).toBe('');
  });
});
