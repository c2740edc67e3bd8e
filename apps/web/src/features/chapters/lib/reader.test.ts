import { describe, expect, it } from 'vitest';
import { readerOf } from './reader';

const viewer = (is_founder: boolean, is_editor: boolean) => ({
  is_founder,
  is_editor,
  is_editorial: is_founder || is_editor,
  is_editorial_desk: is_editor,
  is_main_artist: false,
  editorial_thread: is_founder || is_editor,
});

describe('readerOf', () => {
  it('speaks to the editor who sent it back as the one who did', () => {
    expect(readerOf(viewer(false, true))).toBe('editor');
  });

  it('tells the founder and the team that the editor did', () => {
    expect(readerOf(viewer(true, false))).toBe('founder');
    expect(readerOf(viewer(false, false))).toBe('team');
  });
});
