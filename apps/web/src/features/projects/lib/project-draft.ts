import { LIMITS } from '@koma/shared/constants';
import type { MessageKey } from '@koma/shared/i18n';
import type { DealProjectBody, ProjectDetailData } from '@koma/shared/schemas';
import * as z from 'zod/mini';

/**
 * The project form travels to /allPage/allPage as JSON in the query parameter `params` and
 * back in history state. The summary is plain text with its line breaks: no
 * <br>/&nbsp; conversion (docs/files.md).
 */
export const FORM_PATH = '/projectManagement/createProject';
export const CONFIRM_PATH = '/allPage/allPage';

export interface ProjectDraft {
  projectId: number | null;
  icon: string;
  title: string;
  kind: 1 | 2 | null;
  type: 1 | 2 | null;
  creativecap: number[];
  typeb: number[];
  content: string;
  proposals: string;
  proposalfile: string;
}

export type DraftField = keyof ProjectDraft;

export const EMPTY_DRAFT: ProjectDraft = {
  projectId: null,
  icon: '',
  title: '',
  kind: null,
  type: null,
  creativecap: [],
  typeb: [],
  content: '',
  proposals: '',
  proposalfile: '',
};

const ids = z.array(z.int()).check(z.maxLength(50));
const text = z.string().check(z.maxLength(5000));
const oneOrTwo = z.nullable(z.union([z.literal(1), z.literal(2)]));

const draftSchema = z.object({
  projectId: z.nullable(z.int()),
  icon: text,
  title: text,
  kind: oneOrTwo,
  type: oneOrTwo,
  creativecap: ids,
  typeb: ids,
  content: text,
  proposals: text,
  proposalfile: text,
});

/** Uploaded paths are local ('/…'): never another site's address brought in by a link. */
const localPath = (path: string) => (/^\/(?![/\\])/.test(path) ? path : '');

export function encodeDraft(draft: ProjectDraft): string {
  return JSON.stringify(draft);
}

/** The draft of a query parameter or history state, or null when missing or malformed. */
export function decodeDraft(raw: unknown): ProjectDraft | null {
  if (raw === null || raw === undefined || raw === '') return null;
  try {
    const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const parsed = draftSchema.safeParse(value);
    if (!parsed.success) return null;
    const draft = parsed.data;
    return { ...draft, icon: localPath(draft.icon), proposals: localPath(draft.proposals) };
  } catch {
    return null;
  }
}

/** Form values (possibly partial) as a clean draft. */
export function normaliseDraft(values: Partial<ProjectDraft>, projectId: number | null): ProjectDraft {
  return {
    ...EMPTY_DRAFT,
    ...values,
    projectId,
    icon: values.icon ?? '',
    title: (values.title ?? '').trim(),
    creativecap: [...(values.creativecap ?? [])].sort((a, b) => a - b),
    typeb: [...(values.typeb ?? [])].sort((a, b) => a - b),
    content: (values.content ?? '').replace(/\r\n/g, '\n'),
    proposals: values.proposals ?? '',
    proposalfile: values.proposals ? (values.proposalfile ?? '') : '',
  };
}

type DraftProblem = { field: DraftField; key: MessageKey };

/** A field's first failing check, or null. */
function problemOf(field: DraftField, d: ProjectDraft): MessageKey | null {
  switch (field) {
    case 'icon':
      return d.icon ? null : 'coverRequired';
    case 'title':
      if (!d.title.trim()) return 'titleRequired';
      return d.title.trim().length > LIMITS.projectTitleMax ? 'titleTooLong' : null;
    case 'kind':
      return d.kind === null ? 'mangaTypeRequired' : null;
    case 'type':
      return d.type === null ? 'productionKindRequired' : null;
    case 'creativecap':
      return d.creativecap.length === 0 ? 'projectCreativecapRequired' : null;
    case 'typeb':
      return d.typeb.length === 0 ? 'genreRequired' : null;
    case 'content':
      if (!d.content.trim()) return 'summaryRequired';
      return d.content.trim().length > LIMITS.projectSummaryMax ? 'summaryTooLong' : null;
    default:
      return null;
  }
}

/** The fields 確認画面 checks, in the original screen's order. */
export const CHECKED_FIELDS: DraftField[] = [
  'icon',
  'title',
  'kind',
  'type',
  'creativecap',
  'typeb',
  'content',
];

/**
 * Every failing field of 確認画面 with its first failing check, in the original screen's order
 * (cover, title, manga type, production kind, creation/essay, genre, summary): all are shown at
 * once, the first gets the focus.
 */
export function draftProblems(d: ProjectDraft): DraftProblem[] {
  return CHECKED_FIELDS.flatMap((field) => {
    const key = problemOf(field, d);
    return key ? [{ field, key }] : [];
  });
}

/** A stored project as a draft to edit. */
export function draftFromDetail(p: ProjectDetailData): ProjectDraft {
  return {
    projectId: p.proId,
    icon: p.icon,
    title: p.title,
    kind: p.kind === 1 || p.kind === 2 ? p.kind : null,
    type: p.type === 1 || p.type === 2 ? p.type : null,
    creativecap: p.creativecap,
    typeb: p.typeb,
    content: p.content,
    proposals: p.proposals,
    proposalfile: p.proposalfile,
  };
}

/** The dealProject body (projectId only when editing). */
export function toDealProjectBody(d: ProjectDraft): DealProjectBody {
  return {
    ...(d.projectId ? { projectId: d.projectId } : {}),
    icon: d.icon,
    title: d.title.trim(),
    kind: d.kind ?? 1,
    type: d.type ?? 1,
    creativecap: d.creativecap,
    typeb: d.typeb,
    content: d.content.trim(),
    proposals: d.proposals,
    proposalfile: d.proposalfile,
  };
}

let memory: ProjectDraft | null = null;

/** A copy kept in memory, for a confirmation screen reached without its query. */
export function keepDraft(draft: ProjectDraft): void {
  memory = draft;
}

export function keptDraft(): ProjectDraft | null {
  return memory;
}

export function clearDraft(): void {
  memory = null;
}
