import {
  type ChapterItem,
  type chapterAddBody,
  chapterStatusText,
  type Language,
  UploadType,
} from '@koma/shared';
import type { z } from 'zod';
import { badInput } from '../../lib/app-error.js';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import { rankOpenings, type SearchInput } from '../projects/project-search.service.js';
import { requireFounder, requireMember } from '../projects/projects.policy.js';
import { positionNames } from '../projects/projects.service.js';
import { assertOwnUpload } from '../uploads/uploads.service.js';
import * as repo from './chapters.repository.js';

type AddInput = z.output<typeof chapterAddBody>;

export function createChaptersService({ db }: Deps) {
  return {
    async list(userId: number, projectId: number, lang: Language): Promise<ChapterItem[]> {
      await requireMember(db, projectId, userId);
      const [rows, artists] = await Promise.all([
        repo.chaptersOf(db, projectId),
        repo.mainArtistIds(db, projectId),
      ]);
      return rows.map((c, i) => ({
        id: c.id,
        num: i + 1,
        title: c.title,
        icon: c.icon,
        status: c.status,
        status_desc: chapterStatusText(c.status, lang),
        update_at: c.updatedAt.toISOString(),
        page: c.pageCount,
        scriptAt: c.scriptAt,
        checkAt: c.checkAt,
        main_paiter_uids: artists,
      }));
    },

    /** The founder adds a chapter; deadlines from yesterday on (the date pickers' rule). */
    async add(userId: number, input: AddInput): Promise<number> {
      await requireFounder(db, input.projectId, userId);
      const yesterday = addDays(tokyoDay(), -1);
      if (input.scriptAt < yesterday || input.checkAt < yesterday) throw badInput('chapterDatesInvalid');
      await assertOwnUpload(db, userId, input.icon, [UploadType.COVER]);
      return repo.insertChapter(db, {
        projectId: input.projectId,
        title: input.title,
        pageCount: input.page,
        icon: input.icon,
        scriptAt: input.scriptAt,
        checkAt: input.checkAt,
      });
    },

    /** Chapter-level openings ('案件'), ranked like the project search. */
    async search(userId: number, input: SearchInput, lang: Language) {
      const candidates = await repo.recruitingChapters(db, userId, {
        keywords: input.keywords,
        kind: input.kind ?? null,
      });
      const ranked = await rankOpenings(db, userId, input, candidates);
      const page = ranked.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
      return {
        list: page.map((c) => ({
          project_id: c.id,
          project_title: c.title,
          project_icon: c.icon,
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
        total: ranked.length,
      };
    },
  };
}
