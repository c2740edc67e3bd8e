import { type DealProjectBody, LIMITS, type MessageKey, type ProjectDetailData } from '@koma/shared';
import * as z from 'zod/mini';

/**
 * The project form travels to /allPage/allPage as JSON in the query parameter `params` and
 * back in history state. The summary is plain text with its line breaks: no
 * <br>/&nbsp; conversion (docs/files.md).
 */
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

/**
 * The first failing check of 確認画面, in the original screen's order: cover, title, manga type,
 * production kind, creation/essay, genre, summary.
 */
export function firstProblem(d: ProjectDraft): { field: DraftField; key: MessageKey } | null {
  if (!d.icon) return { field: 'icon', key: 'coverRequired' };
  if (!d.title.trim()) return { field: 'title', key: 'titleRequired' };
  if (d.title.trim().length > LIMITS.projectTitleMax) return { field: 'title', key: 'titleTooLong' };
  if (d.kind === null) return { field: 'kind', key: 'mangaTypeRequired' };
  if (d.type === null) return { field: 'type', key: 'productionKindRequired' };
  if (d.creativecap.length === 0) return { field: 'creativecap', key: 'projectCreativecapRequired' };
  if (d.typeb.length === 0) return { field: 'typeb', key: 'genreRequired' };
  if (!d.content.trim()) return { field: 'content', key: 'summaryRequired' };
  if (d.content.trim().length > LIMITS.projectSummaryMax) return { field: 'content', key: 'summaryTooLong' };
  return null;
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
