import { LIMITS } from '@koma/shared/constants';
import { describe, expect, it } from 'vitest';
import { checkFile } from './check-file';

const file = (name: string, size: number, type = '') => ({ name, size, type }) as File;

describe('checkFile', () => {
  it('accepts PNG/GIF/JPG/JPEG images up to 2 MiB', () => {
    expect(checkFile(file('a.PNG', 10, 'image/png'), 'image')).toBeNull();
    expect(checkFile(file('a.jpeg', LIMITS.imageMaxBytes, 'image/jpeg'), 'image')).toBeNull();
  });

  it('reports the spec messages', () => {
    expect(checkFile(file('a.webp', 10, 'image/webp'), 'image')).toBe('imageType');
    expect(checkFile(file('a.png', 10, 'text/plain'), 'image')).toBe('imageType');
    expect(checkFile(file('a.png', LIMITS.imageMaxBytes + 1, 'image/png'), 'image')).toBe('imageTooLarge');
    expect(checkFile(file('a.zip', LIMITS.fileMaxBytes + 1), 'file')).toBe('fileTooLarge');
    expect(checkFile(file('a.zip', LIMITS.fileMaxBytes), 'file')).toBeNull();
  });

  it('takes the page files renditions read for a storyboard page, PSD, TIFF and CLIP STUDIO among them, up to 100 MiB', () => {
    for (const name of ['p.psd', 'p.PSB', 'p.tif', 'p.tiff', 'p.webp', 'p.png', 'p.clip'])
      expect(checkFile(file(name, LIMITS.fileMaxBytes), 'page'), name).toBeNull();
    expect(checkFile(file('p.pdf', 10), 'page')).toBe('pageFileType');
    expect(checkFile(file('p.psd', LIMITS.fileMaxBytes + 1), 'page')).toBe('fileTooLarge');
  });
});
