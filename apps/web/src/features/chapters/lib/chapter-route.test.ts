import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../lib/dates';
import { type ChapterViewer, chapterRoute, chapterViewer, projectChaptersPath } from './chapter-route';

const founder: ChapterViewer = { isFounder: true, isEditor: false };
const editor: ChapterViewer = { isFounder: false, isEditor: true };
const member: ChapterViewer = { isFounder: false, isEditor: false };
const chapter = (status: number) => ({ id: 7, status });
const q = 'projectId=3&chapterId=7';

describe('chapterRoute', () => {
  it('opens the script screen while the storyboard is written or revised (1, 5)', () => {
    for (const status of [1, 5]) {
      for (const viewer of [founder, editor, member]) {
        expect(chapterRoute(3, chapter(status), viewer)).toEqual({ path: `/chapter/script?${q}` });
      }
    }
  });

  it('opens a chapter awaiting the editor (4) for editors only; others are told to wait', () => {
    expect(chapterRoute(3, chapter(4), editor)).toEqual({ path: `/chapter/script?${q}` });
    expect(chapterRoute(3, chapter(4), founder)).toEqual({ waiting: true });
    expect(chapterRoute(3, chapter(4), member)).toEqual({ waiting: true });
  });

  it('sends the founder to the work-flow settings (2), everyone else to the work screen', () => {
    expect(chapterRoute(3, chapter(2), founder)).toEqual({ path: `/chapter/settings?${q}` });
    expect(chapterRoute(3, chapter(2), editor)).toEqual({ path: `/chapter/details?${q}` });
    expect(chapterRoute(3, chapter(2), member)).toEqual({ path: `/chapter/details?${q}` });
  });

  it('opens the work screen in production and after the final approval (3, 6)', () => {
    for (const status of [3, 6]) {
      for (const viewer of [founder, editor, member]) {
        expect(chapterRoute(3, chapter(status), viewer)).toEqual({ path: `/chapter/details?${q}` });
      }
    }
  });
});

describe('chapterViewer', () => {
  const project = { userid: 1, editor: { uid: 2 } };
  it('knows the founder by the project userid and the editor by the editor in charge or role 2', () => {
    expect(chapterViewer(1, [1], project)).toEqual({ isFounder: true, isEditor: false });
    expect(chapterViewer(2, [2], project)).toEqual({ isFounder: false, isEditor: true });
    expect(chapterViewer(2, [], project)).toEqual({ isFounder: false, isEditor: true });
    expect(chapterViewer(5, [2], { userid: 1, editor: null })).toEqual({ isFounder: false, isEditor: true });
    expect(chapterViewer(5, [3, 4], project)).toEqual({ isFounder: false, isEditor: false });
  });
});

describe('projectChaptersPath and formatDay', () => {
  it('lead back to the 案件 menu and show days as YYYY/MM/DD', () => {
    expect(projectChaptersPath(3)).toBe(
      '/projectDetails/projectDetails?proId=3&activeName=projectOperate&activeMenu=2',
    );
    expect(formatDay('2026-11-21')).toBe('2026/11/21');
    expect(formatDay('')).toBe('—');
  });
});
