import {
  BINDING_PAGE_MULTIPLE,
  drawnFigures,
  type PreflightData,
  type PrintPreset,
  type PrintSpec,
  type PrintSpecInput,
  ProjectEventKind,
  presetSpec,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../lib/deps.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import { pushNotices } from '../notices/notices.service.js';
import { recordEditorialChange } from '../projects/editorial-changes.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { standingConsents } from './preflight-consents.js';
import { chapterFindings, pageFindings } from './preflight-rules.js';
import * as repo from './print.repository.js';

/**
 * Print specifications (a project's, a chapter's own) and the chapter's preflight (docs/print.md).
 * Who may call what is the contract's (packages/shared/src/contract/print.ts).
 */
export function createPrintService(deps: Deps) {
  const { db } = deps;

  /** Sets or removes (null) a spec and records the change, in one transaction. */
  async function saveRecorded(
    access: ProjectAccess,
    userId: number,
    chapter: { id: number; title: string } | null,
    input: PrintSpecInput | null,
  ) {
    const chapterId = chapter?.id ?? null;
    const notices = await db.transaction(async (tx) => {
      if (input) await repo.saveSpec(tx, access.projectId, chapterId, specFromInput(input), userId);
      else await repo.removeSpec(tx, access.projectId, chapterId);
      const change = ProjectEventKind.PRINT_SPEC_CHANGED;
      return recordEditorialChange(deps, tx, access, userId, change, chapter);
    });
    pushNotices(deps, notices);
  }

  return {
    async projectSpec(access: ProjectAccess) {
      const row = await repo.findSpec(db, access.projectId, null);
      return { spec: row ? specOf(row) : null };
    },

    /** The founder or the editorial side; recorded, and told to the founder (docs/access.md, "Editorial seats"). */
    async saveProjectSpec(access: ProjectAccess, userId: number, input: PrintSpecInput | null) {
      await saveRecorded(access, userId, null, input);
      return this.projectSpec(access);
    },

    async chapterSpec(access: ProjectAccess, chapterId: number) {
      await requireChapter(db, access, chapterId);
      return specsOf(db, access.projectId, chapterId);
    },

    async saveChapterSpec(
      access: ProjectAccess,
      userId: number,
      chapterId: number,
      input: PrintSpecInput | null,
    ) {
      const { chapter } = await requireChapter(db, access, chapterId);
      await saveRecorded(access, userId, chapter, input);
      return specsOf(db, access.projectId, chapterId);
    },

    /** No spec in force: no preflight (an empty result, `spec` null). */
    async preflight(access: ProjectAccess, chapterId: number): Promise<PreflightData> {
      await requireChapter(db, access, chapterId);
      return preflightOf(db, access.projectId, chapterId);
    },
  };
}

/**
 * The chapter's preflight against the spec in force now, read through `db` (the final audit's
 * transaction judges its gate on what it reads itself: docs/print.md, "The final audit").
 */
export async function preflightOf(
  db: Executor,
  projectId: number,
  chapterId: number,
): Promise<PreflightData> {
  const { effective: spec } = await specsOf(db, projectId, chapterId);
  const none = { warnings: null, errors: null };
  if (!spec) return { spec: null, pages: [], chapter: [], errors: 0, warnings: 0, consents: none };
  const facts = await repo.pageFacts(db, chapterId);
  const pages = facts.map((page) => ({
    pageId: page.pageId,
    num: page.num,
    findings: pageFindings(spec, page),
  }));
  const chapter = chapterFindings(spec, facts);
  const all = [...chapter, ...pages.flatMap((p) => p.findings)];
  const errors = all.filter((f) => f.level === 'error').length;
  const result = { spec, pages, chapter, errors, warnings: all.length - errors };
  return { ...result, consents: await standingConsents(db, chapterId, result) };
}

/** A chapter's own spec, its project's, and the one in force: its own, else the project's. */
export async function specsOf(db: Executor, projectId: number, chapterId: number) {
  const [own, project] = await Promise.all([
    repo.findSpec(db, projectId, chapterId),
    repo.findSpec(db, projectId, null),
  ]);
  const ownSpec = own ? specOf(own) : null;
  const projectSpec = project ? specOf(project) : null;
  return { own: ownSpec, project: projectSpec, effective: ownSpec ?? projectSpec };
}

/** The spec's figures of a row, without its ids and who set it. */
function specOf(row: repo.SpecRow): PrintSpec {
  const { id: _id, projectId: _project, chapterId: _chapter, updatedBy: _by, updatedAt: _at, ...spec } = row;
  return spec;
}

/**
 * A preset's figures come from packages/shared (print-specs.ts) with the founder's choices (bleed,
 * binding, colour, resolution); a custom spec's are the founder's. Either way the drawn page
 * (paper, reduction) is the founder's, its figures derived where a known paper is named.
 */
function specFromInput(input: PrintSpecInput): PrintSpec {
  const spec = input.preset === 'custom' ? customSpec(input) : presetSpecOf(input, input.preset);
  return { ...spec, ...drawnFigures(spec, input) };
}

function presetSpecOf(input: PrintSpecInput, preset: Exclude<PrintPreset, 'custom'>) {
  const { colour, dpi, bleedMm } = input;
  const binding = input.binding === 'none' ? undefined : input.binding;
  const spec = presetSpec(preset, { colour, dpi, bleedMm, binding });
  return preset === 'webtoon' && input.widthPx ? { ...spec, widthPx: input.widthPx } : spec;
}

function customSpec(input: PrintSpecInput): PrintSpec {
  const start = presetSpec('tankobonB6');
  const binding = input.binding ?? start.binding;
  return {
    ...start,
    preset: 'custom',
    trimWidthMm: input.trimWidthMm ?? start.trimWidthMm,
    trimHeightMm: input.trimHeightMm ?? start.trimHeightMm,
    bleedMm: input.bleedMm ?? start.bleedMm,
    frameWidthMm: input.frameWidthMm ?? null,
    frameHeightMm: input.frameHeightMm ?? null,
    dpi: input.dpi,
    colour: input.colour,
    binding,
    pageMultiple: input.pageMultiple ?? BINDING_PAGE_MULTIPLE[binding],
  };
}
