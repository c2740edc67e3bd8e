import { DraftPageStatus } from '@koma/shared/constants';
import { isPageFileName } from '../../../components/upload/check-file';

/** A storyboard page as the batch needs it. */
interface BatchPage {
  id: number;
  num: number;
  status: number;
}

/** Where one chosen file goes: an empty page, or a page added at the end (`pageId` null). */
export interface BatchItem {
  file: File;
  pageId: number | null;
}

/** The name a file is ordered by: its path within a chosen folder, else its name. */
const pathOf = (file: File) => file.webkitRelativePath || file.name;

/** Hidden files a folder brings along (.DS_Store and the like) are no pages and no mistakes. */
const isHidden = (file: File) =>
  pathOf(file)
    .split('/')
    .some((part) => part.startsWith('.'));

/** Numbers in names count as numbers: p2 before p10, as a studio numbers its files. */
const byName = new Intl.Collator('ja', { numeric: true, sensitivity: 'base' });

/**
 * Several files (or a folder) for a storyboard at once: the page files in name order fill the
 * empty pages first, then new pages at the end; other files are refused before anything is sent.
 */
export function planBatch(files: readonly File[], pages: readonly BatchPage[]) {
  const shown = files.filter((f) => !isHidden(f));
  const accepted = shown.filter((f) => isPageFileName(f.name));
  const refused = shown.filter((f) => !isPageFileName(f.name));
  accepted.sort((a, b) => byName.compare(pathOf(a), pathOf(b)));
  const empty = pages
    .filter((p) => p.status === DraftPageStatus.EMPTY)
    .sort((a, b) => a.num - b.num)
    .map((p) => p.id);
  const items: BatchItem[] = accepted.map((file, i) => ({ file, pageId: empty[i] ?? null }));
  return { items, refused };
}
