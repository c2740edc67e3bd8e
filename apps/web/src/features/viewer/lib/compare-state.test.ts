import { describe, expect, it } from 'vitest';
import { compareKeyAction, compareModeOf, otherRevisionOf } from './compare-state';
import type { ViewerRevision } from './viewer-page';
import { viewerPath } from './viewer-path';

const revision = (id: number) => ({ id, label: `r${id}` }) as ViewerRevision;
const revisions = [revision(1), revision(2), revision(3)];

describe('otherRevisionOf', () => {
  it('defaults to the revision before the one on screen, or the next for the oldest', () => {
    expect(otherRevisionOf(revisions, revisions[2], null)?.id).toBe(2);
    expect(otherRevisionOf(revisions, revisions[0], null)?.id).toBe(2);
  });

  it('takes the one asked for unless it is the base itself or not of this page', () => {
    expect(otherRevisionOf(revisions, revisions[2], 1)?.id).toBe(1);
    expect(otherRevisionOf(revisions, revisions[2], 3)?.id).toBe(2);
    expect(otherRevisionOf(revisions, revisions[1], 99)?.id).toBe(1);
  });
});

describe('compare keys and modes', () => {
  it('maps the keys of the table in docs/viewer.md', () => {
    expect(compareKeyAction('Escape')).toBe('leave');
    expect(compareKeyAction('F')).toBe('flip');
    expect(compareKeyAction('x')).toBe('flip');
    expect(compareKeyAction('d')).toBe('diff');
    expect(compareKeyAction('ArrowLeft')).toBe('swallow');
    expect(compareKeyAction('+')).toBeNull();
  });

  it('reads a mode from a link, side by side for anything unknown', () => {
    expect(compareModeOf('onion')).toBe('onion');
    expect(compareModeOf('<b>')).toBe('side');
    expect(compareModeOf(null)).toBe('side');
  });
});

describe('viewerPath', () => {
  it('names the compared revision and the mode, and reads back', () => {
    const path = viewerPath(4, 9, { page: 3, revision: 12, compare: 10, mode: 'diff' });
    const params = new URL(path, 'http://koma.test').searchParams;
    expect(params.get('rev')).toBe('12');
    expect(params.get('compare')).toBe('10');
    expect(compareModeOf(params.get('mode'))).toBe('diff');
    expect(path).toBe('/chapter/viewer?projectId=4&chapterId=9&page=3&rev=12&compare=10&mode=diff');
  });

  it('leaves compare out when not comparing', () => {
    expect(viewerPath(4, 9, { page: 1, mode: 'onion' })).toBe(
      '/chapter/viewer?projectId=4&chapterId=9&page=1',
    );
  });
});
