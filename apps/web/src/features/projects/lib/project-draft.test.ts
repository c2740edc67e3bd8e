import { LIMITS } from '@koma/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  decodeDraft,
  draftProblems,
  EMPTY_DRAFT,
  encodeDraft,
  normaliseDraft,
  type ProjectDraft,
  toDealProjectBody,
} from './project-draft';

const full: ProjectDraft = {
  projectId: null,
  icon: '/files/cover.png',
  title: '星の話',
  kind: 2,
  type: 1,
  creativecap: [1],
  typeb: [5, 6],
  content: '一行目\n  二行目',
  proposals: '',
  proposalfile: '',
};

describe('draftProblems', () => {
  const firstProblem = (d: ProjectDraft) => draftProblems(d)[0];
  it('checks in the spec order', () => {
    expect(firstProblem(EMPTY_DRAFT)?.key).toBe('coverRequired');
    const order: [Partial<ProjectDraft>, string][] = [
      [{ title: ' ' }, 'titleRequired'],
      [{ kind: null }, 'mangaTypeRequired'],
      [{ type: null }, 'productionKindRequired'],
      [{ creativecap: [] }, 'projectCreativecapRequired'],
      [{ typeb: [] }, 'genreRequired'],
      [{ content: '\n ' }, 'summaryRequired'],
    ];
    for (const [patch, key] of order) expect(firstProblem({ ...full, ...patch })?.key).toBe(key);
    expect(firstProblem({ ...full, title: '', kind: null })?.key).toBe('titleRequired');
    expect(firstProblem(full)).toBeUndefined();
  });

  it('names every failing field at once, in the spec order', () => {
    expect(draftProblems(EMPTY_DRAFT)).toEqual([
      { field: 'icon', key: 'coverRequired' },
      { field: 'title', key: 'titleRequired' },
      { field: 'kind', key: 'mangaTypeRequired' },
      { field: 'type', key: 'productionKindRequired' },
      { field: 'creativecap', key: 'projectCreativecapRequired' },
      { field: 'typeb', key: 'genreRequired' },
      { field: 'content', key: 'summaryRequired' },
    ]);
    expect(draftProblems({ ...full, title: 'x'.repeat(LIMITS.projectTitleMax + 1), typeb: [] })).toEqual([
      { field: 'title', key: 'titleTooLong' },
      { field: 'typeb', key: 'genreRequired' },
    ]);
    expect(draftProblems(full)).toEqual([]);
  });
});

describe('draft round trip', () => {
  it('keeps the summary as plain text with its line breaks', () => {
    const back = decodeDraft(encodeDraft(full));
    expect(back).toEqual(full);
    expect(toDealProjectBody(full).content).toBe('一行目\n  二行目');
  });

  it('rejects malformed input and foreign paths', () => {
    expect(decodeDraft('{')).toBeNull();
    expect(decodeDraft('{"title":1}')).toBeNull();
    expect(decodeDraft(encodeDraft({ ...full, icon: 'https://evil.example/x.png' }))?.icon).toBe('');
    expect(decodeDraft(encodeDraft({ ...full, icon: '//evil.example/x.png' }))?.icon).toBe('');
  });

  it('normalises form values', () => {
    const d = normaliseDraft({ title: ' a ', typeb: [6, 5], content: 'x\r\ny', proposalfile: 'p.pdf' }, 7);
    expect(d).toMatchObject({ projectId: 7, title: 'a', typeb: [5, 6], content: 'x\ny', proposalfile: '' });
    expect(toDealProjectBody({ ...full, projectId: 7 }).projectId).toBe(7);
    expect('projectId' in toDealProjectBody(full)).toBe(false);
  });
});
