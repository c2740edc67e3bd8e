import { DraftPageStatus } from '@koma/shared/constants';
import { describe, expect, it } from 'vitest';
import { planBatch } from './storyboard-batch';

const file = (name: string, folderPath = '') =>
  ({ name, webkitRelativePath: folderPath ? `${folderPath}/${name}` : '' }) as File;
const page = (id: number, num: number, status: number = DraftPageStatus.EMPTY) => ({ id, num, status });

describe('planBatch', () => {
  it('puts the page files in name order, numbers as numbers, into the empty pages first, then new pages', () => {
    const files = [file('p10.psd'), file('p2.tif'), file('p1.png')];
    const pages = [page(7, 2), page(5, 1, DraftPageStatus.NOT_REVIEWED), page(9, 3)];
    const { items, refused } = planBatch(files, pages);
    expect(items.map((i) => [i.file.name, i.pageId])).toEqual([
      ['p1.png', 7],
      ['p2.tif', 9],
      ['p10.psd', null],
    ]);
    expect(refused).toEqual([]);
  });

  it('refuses files renditions cannot read and passes over a folder’s hidden files', () => {
    const files = [file('01.psd', 'ネーム'), file('notes.txt', 'ネーム'), file('.DS_Store', 'ネーム')];
    const { items, refused } = planBatch(files, []);
    expect(items.map((i) => i.file.name)).toEqual(['01.psd']);
    expect(refused.map((f) => f.name)).toEqual(['notes.txt']);
  });
});
