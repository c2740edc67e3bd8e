import { describe, expect, it } from 'vitest';
import { fileKind, formatSize } from './file-kind';

describe('fileKind', () => {
  it('maps the listed extensions', () => {
    expect(fileKind('PNG')).toBe('image');
    expect(fileKind('.jpeg')).toBe('image');
    expect(fileKind('docx')).toBe('word');
    expect(fileKind('xls')).toBe('excel');
    expect(fileKind('', 'memo.txt')).toBe('text');
    expect(fileKind('psd')).toBe('other');
    expect(fileKind('', 'README')).toBe('other');
  });
});

describe('formatSize', () => {
  it('formats bytes', () => {
    expect(formatSize(500)).toBe('500 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
