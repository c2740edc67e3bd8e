import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../api/todo';
import { todoDestination } from './todo-destinations';

const item: TodoItem = {
  project_title: 'p',
  chapter_title: 'c',
  projectid: 4,
  chapterid: 9,
  chapter_script_at: null,
  chapter_check_at: null,
  time_left: null,
  project_user: { id: 1, nickname: 'n' },
  application: null,
  marks: null,
  step: null,
  invitation_message: null,
};

describe('todoDestination (docs/states.md, to-do items)', () => {
  it('leads each type to its screen', () => {
    for (const type of [13, 2, 4])
      expect(todoDestination(type, item)).toBe('/chapter/script?projectId=4&chapterId=9');
    expect(todoDestination(14, item)).toBe('/chapter/settings?projectId=4&chapterId=9');
    for (const type of [25, 21, 23, 26, 27])
      expect(todoDestination(type, item)).toBe('/chapter/details?projectId=4&chapterId=9');
    const marks = { page_id: 70, page_num: 3, count: 2 };
    for (const type of [28, 29])
      expect(todoDestination(type, { ...item, marks })).toBe(
        '/chapter/viewer?projectId=4&chapterId=9&page=3',
      );
    expect(todoDestination(15, item)).toBe('/invitations');
    expect(todoDestination(12, item)).toBe(
      '/projectDetails/projectDetails?proId=4&activeName=projectOperate&activeMenu=3',
    );
  });

  it('has no destination for the editor invitation (accept / refuse instead)', () => {
    expect(todoDestination(11, item)).toBeNull();
  });
});
