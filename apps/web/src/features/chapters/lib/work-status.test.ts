import { describe, expect, it } from 'vitest';
import { auditView, stepMenu, stepStatusLook, workButtons } from './work-status';

const viewer = (is_founder: boolean, audit_status: number | null, is_editorial = is_founder) => ({
  viewer: {
    is_founder,
    is_editor: false,
    is_editorial,
    is_editorial_desk: false,
    is_main_artist: false,
    editorial_thread: is_founder,
  },
  audit_status,
});

describe('stepStatusLook', () => {
  it('colours each status (accessible green and orange)', () => {
    expect(stepStatusLook(0)).toEqual({});
    expect(stepStatusLook(null)).toEqual({});
    expect(stepStatusLook(1)).toEqual({ className: 'koma-tag-info' });
    expect(stepStatusLook(5)).toEqual({ className: 'koma-tag-warn' });
    expect(stepStatusLook(-10)).toEqual({ color: 'red' });
    expect(stepStatusLook(10)).toEqual({ className: 'koma-tag-ok' });
  });
});

describe('auditView', () => {
  it('maps the final audit', () => {
    expect(auditView(null)).toBeNull();
    expect(auditView(undefined)).toBeNull();
    expect(auditView(-10)).toBe('rejected');
    expect(auditView(1)).toBe('waiting');
    expect(auditView(10)).toBe('passed');
    expect(auditView(3)).toBeNull();
  });
});

describe('workButtons', () => {
  const none = { edit: false, submit: false, audit: false, sign_off: false };
  it('lets the founder and the editorial side edit the episode info until the final audit passes', () => {
    expect(workButtons(viewer(true, null), none).editInfo).toBe(true);
    expect(workButtons(viewer(true, -10), none).editInfo).toBe(true);
    expect(workButtons(viewer(true, 1), none).editInfo).toBe(true);
    expect(workButtons(viewer(true, 10), none).editInfo).toBe(false);
    expect(workButtons(viewer(false, null), none).editInfo).toBe(false);
    // The editor in charge or an editorial seat (docs/access.md, "Editorial seats").
    expect(workButtons(viewer(false, null, true), none).editInfo).toBe(true);
    expect(workButtons(viewer(false, 10, true), none).editInfo).toBe(false);
  });

  it('follows show_buttons for the flow, the submission and the audit', () => {
    const b = workButtons(viewer(false, null), { edit: true, submit: false, audit: true, sign_off: true });
    expect(b).toEqual({
      downloadZip: true,
      editInfo: false,
      editFlow: true,
      submit: false,
      audit: true,
      signOff: true,
    });
    // A 副担当 may send the final audit back but not pass 校了.
    const deputy = workButtons(viewer(false, 1), {
      edit: false,
      submit: false,
      audit: true,
      sign_off: false,
    });
    expect(deputy).toMatchObject({ audit: true, signOff: false });
    expect(workButtons(viewer(false, null), null)).toMatchObject({
      editFlow: false,
      submit: false,
      audit: false,
    });
  });
});

describe('stepMenu', () => {
  it('offers a download only with a file, and no comments on the first page', () => {
    expect(stepMenu('', 2)).toEqual({ download: false, history: true, comments: true });
    expect(stepMenu('https://x/y', 1)).toEqual({ download: true, history: true, comments: false });
  });
});
