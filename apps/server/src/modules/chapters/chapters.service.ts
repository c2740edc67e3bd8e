import {
  AuditStatus,
  type ChapterDetails,
  type ChapterItem,
  type chapterAddBody,
  chapterStatusText,
  type chapterUpdateBody,
  type Language,
  ProjectEventKind,
  UploadType,
} from '@koma/shared';
import type { z } from 'zod';
import { badInput, conflict } from '../../lib/app-error.js';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import { mayUseEditorialThread } from '../editorial-thread/editorial-thread.policy.js';
import { pushNotices } from '../notices/notices.service.js';
import * as pagesRepo from '../pages/pages.repository.js';
import { recordEditorialChange } from '../projects/editorial-changes.js';
import { openingsFor } from '../projects/openings.js';
import { projectActivityFor } from '../projects/project-cards.js';
import {
  rankOpenings,
  type Searcher,
  type SearchInput,
  searcherOf,
} from '../projects/project-search.service.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import * as projectsRepo from '../projects/projects.repository.js';
import { positionNames } from '../projects/projects.service.js';
import { type ListPictures, listPicturesOf } from '../renditions/rendition-links.js';
import { presentedForecastsOf } from '../schedule/forecasts.js';
import { planChapterDueDays, refreshForecast } from '../schedule/schedule.service.js';
import { attachUploads, wakeRenders } from '../uploads/attach-uploads.js';
import { assertOwnUpload } from '../uploads/uploads.service.js';
import { announceChapterChange } from './chapter-events.js';
import { requireChapter } from './chapter-policy.js';
import * as repo from './chapters.repository.js';

type AddInput = z.output<typeof chapterAddBody>;
type UpdateInput = z.output<typeof chapterUpdateBody>;

/** Deadlines from yesterday on (the date pickers' rule). */
function assertDates(input: { scriptAt: string; checkAt: string }): void {
  const yesterday = addDays(tokyoDay(), -1);
  if (input.scriptAt < yesterday || input.checkAt < yesterday) throw badInput('chapterDatesInvalid');
}

export function createChaptersService(deps: Deps) {
  const { db } = deps;
  return {
    async list({ projectId }: ProjectAccess, lang: Language): Promise<ChapterItem[]> {
      const [rows, artists] = await Promise.all([
        repo.chaptersOf(db, projectId),
        repo.mainArtistIds(db, projectId),
      ]);
      const forecasts = await presentedForecastsOf(db, rows, lang);
      const pictureOf = await listPicturesOf(
        deps,
        rows.map((c) => c.icon),
      );
      return rows.map((c, i) => ({
        id: c.id,
        num: i + 1,
        title: c.title,
        icon: pictureOf(c.icon),
        status: c.status,
        status_desc: chapterStatusText(c.status, lang, c.auditStatus),
        update_at: c.updatedAt.toISOString(),
        page: c.pageCount,
        scriptAt: c.scriptAt,
        checkAt: c.checkAt,
        main_paiter_uids: artists,
        forecast: forecasts.get(c.id) ?? null,
      }));
    },

    /**
     * The founder adds a chapter with its `page` empty draft pages; deadlines from yesterday on.
     * A completed project takes no new chapters (docs/recruitment.md).
     */
    async add(userId: number, founder: ProjectAccess, input: Omit<AddInput, 'projectId'>): Promise<number> {
      const { projectId } = founder;
      assertDates(input);
      const header = await assertOwnUpload(db, userId, input.icon, [UploadType.COVER]);
      const { added, queued } = await db.transaction(async (tx) => {
        if (!(await projectsRepo.lockOngoingProject(tx, projectId))) throw conflict('projectCompletedLocked');
        const chapterId = await repo.insertChapter(tx, {
          projectId,
          title: input.title,
          pageCount: input.page,
          icon: input.icon,
          scriptAt: input.scriptAt,
          checkAt: input.checkAt,
        });
        await pagesRepo.insertEmptyPages(tx, chapterId, input.page);
        return { added: chapterId, queued: await attachUploads(tx, deps.jobs, projectId, [header]) };
      });
      wakeRenders(deps.jobs, queued);
      projectActivityFor(db).delete(projectId);
      return added;
    },

    /** The chapter, its project and what the caller may do with it (members). */
    async details(member: ProjectAccess, chapterId: number, lang: Language): Promise<ChapterDetails> {
      const { projectId } = member;
      const access = await requireChapter(db, member, chapterId);
      const [project, editor] = await Promise.all([
        projectsRepo.findProject(db, projectId),
        projectsRepo.editorOf(db, projectId),
      ]);
      const c = access.chapter;
      return {
        id: c.id,
        projectId,
        project_title: access.title,
        project_kind: project?.kind ?? 0,
        title: c.title,
        icon: c.icon,
        status: c.status,
        status_desc: chapterStatusText(c.status, lang, c.auditStatus),
        page: c.pageCount,
        scriptAt: c.scriptAt,
        checkAt: c.checkAt,
        audit_status: c.auditStatus,
        audit_remark: c.auditRemark,
        name_remark: c.nameRemark,
        editor: editor ? { id: editor.uid, nickname: editor.nick } : null,
        viewer: {
          is_founder: access.isFounder,
          is_editor: access.isEditor,
          is_editorial: access.isEditorial,
          is_editorial_desk: access.isEditorialDesk,
          is_main_artist: access.isMainArtist,
          editorial_thread: mayUseEditorialThread(access),
        },
      };
    },

    /**
     * The founder edits the chapter's information until its final audit passes. The header image
     * may stay as it is; a new one must be the founder's own cover upload.
     */
    async update(userId: number, editorial: ProjectAccess, input: UpdateInput): Promise<void> {
      const { projectId, chapterId } = input;
      const access = await requireChapter(db, editorial, chapterId);
      if (access.chapter.auditStatus === AuditStatus.PASSED) throw conflict('chapterLocked');
      assertDates(input);
      const header =
        input.icon !== access.chapter.icon
          ? await assertOwnUpload(db, userId, input.icon, [UploadType.COVER])
          : '';
      const fields = {
        title: input.title,
        icon: input.icon,
        scriptAt: input.scriptAt,
        checkAt: input.checkAt,
      };
      const { chapter } = access;
      const { updated, queued, notices } = await db.transaction(async (tx) => {
        const row = await repo.updateChapterInfo(tx, projectId, chapterId, fields);
        if (!row) return { updated: row, queued: false, notices: [] };
        // Due days are planned back from the check deadline: they follow it (docs/schedule.md).
        const moved = input.checkAt !== chapter.checkAt;
        if (moved) await planChapterDueDays(tx, { ...chapter, checkAt: input.checkAt });
        const change = moved ? ProjectEventKind.DEADLINE_MOVED : ProjectEventKind.CHAPTER_CHANGED;
        return {
          updated: row,
          queued: await attachUploads(tx, deps.jobs, projectId, [header]),
          notices: await recordEditorialChange(deps, tx, editorial, userId, change, {
            id: chapterId,
            title: input.title,
          }),
        };
      });
      if (!updated) throw conflict('chapterLocked');
      pushNotices(deps, notices);
      wakeRenders(deps.jobs, queued);
      await refreshForecast(deps, { ...chapter, ...fields, project: editorial.title });
      openingsFor(db).markStale();
      await announceChapterChange(deps, projectId, chapterId);
    },

    /** Chapter-level openings ('案件'), ranked like the project search; covers as `pictures` shows them. */
    async search(
      userId: number,
      input: SearchInput,
      lang: Language,
      searcher?: Searcher,
      pictures: ListPictures = (paths) => listPicturesOf(deps, paths),
    ) {
      const [candidates, me] = await Promise.all([
        openingsFor(db).chapters(),
        searcher ?? searcherOf(db, userId),
      ]);
      const { page, total } = rankOpenings(me, input, candidates);
      const pictureOf = await pictures(page.map((c) => c.icon));
      return {
        list: page.map((c) => ({
          project_id: c.id,
          project_title: c.title,
          project_icon: pictureOf(c.icon),
          nick: c.nick,
          kind: c.kind,
          similar: c.similar,
          join_status: c.join,
          recruit_pos: positionNames(c.recruiting, lang),
          chapter_id: c.chapterId,
          chapter_title: c.chapterTitle,
          page: c.page,
          scriptAt: c.scriptAt,
          checkAt: c.checkAt,
        })),
        total,
      };
    },
  };
}
