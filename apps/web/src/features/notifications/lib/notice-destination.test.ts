import type { NoticeTarget } from '@koma/shared/schemas';
import { describe, expect, it } from 'vitest';
import { noticeDestination } from './notice-destination';

const none = { project_id: null, chapter_id: null, page_id: null, user_id: null };
const target = (t: Partial<NoticeTarget> & Pick<NoticeTarget, 'kind'>): NoticeTarget => ({ ...none, ...t });

describe('noticeDestination (docs/notices.md)', () => {
  it('leads each kind of target to its screen', () => {
    expect(noticeDestination(target({ kind: 'project', project_id: 4 }))).toEqual({
      path: '/projectDetails/projectDetails?proId=4',
    });
    expect(noticeDestination(target({ kind: 'applicants', project_id: 4 }))).toEqual({
      path: '/projectDetails/projectDetails?proId=4&activeName=projectOperate&activeMenu=3',
    });
    expect(noticeDestination(target({ kind: 'board', project_id: 4 }))).toEqual({
      path: '/projectDetails/projectDetails?proId=4&board=open',
    });
    expect(noticeDestination(target({ kind: 'editorial_thread', project_id: 4, chapter_id: 9 }))).toEqual({
      path: '/chapter/details?projectId=4&chapterId=9&thread=open',
    });
    expect(noticeDestination(target({ kind: 'editorial_thread', project_id: 4 }))).toBeNull();
    expect(noticeDestination(target({ kind: 'storyboard', project_id: 4, chapter_id: 9 }))).toEqual({
      path: '/chapter/script?projectId=4&chapterId=9',
    });
    expect(noticeDestination(target({ kind: 'chapter', project_id: 4, chapter_id: 9 }))).toEqual({
      path: '/chapter/details?projectId=4&chapterId=9',
    });
    expect(noticeDestination(target({ kind: 'page', project_id: 4, chapter_id: 9, page_id: 12 }))).toEqual({
      path: '/chapter/details?projectId=4&chapterId=9&pageId=12',
    });
    expect(noticeDestination(target({ kind: 'person', user_id: 7 }))).toEqual({ profileOf: 7 });
  });

  it('leaves a notice without a target, or without the ids its kind needs, as text', () => {
    expect(noticeDestination(null)).toBeNull();
    expect(noticeDestination(target({ kind: 'chapter', project_id: 4 }))).toBeNull();
    expect(noticeDestination(target({ kind: 'person' }))).toBeNull();
  });
});
