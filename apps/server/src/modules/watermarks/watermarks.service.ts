import { randomInt } from 'node:crypto';
import {
  ProjectEventKind,
  type SaveWatermarkBody,
  WatermarkMode,
  WatermarkOriginals,
  type WatermarkSettingData,
} from '@koma/shared';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/app-error.js';
import { tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import { pushNotices } from '../notices/notices.service.js';
import { recordEditorialChange } from '../projects/editorial-changes.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import * as repo from './watermarks.repository.js';

/** What a watermarked viewer's pictures carry: the code, and what their original downloads do. */
export interface Watermark {
  code: string;
  originals: WatermarkOriginals;
}

// No 0/O, 1/I: a code is read off a picture by eye.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const CODE_LENGTH = 6;
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function watermarkSetting(db: Db, projectId: number) {
  const row = await repo.findSetting(db, projectId);
  return {
    mode: (row?.mode ?? WatermarkMode.OFF) as WatermarkMode,
    originals: (row?.originals ?? WatermarkOriginals.REFUSE) as WatermarkOriginals,
  };
}

/** Whether the setting watermarks this member: everyone, or everyone but the founder and the editorial seats. */
export function isWatermarked(mode: WatermarkMode, access: Pick<ProjectAccess, 'isEditorial'>): boolean {
  if (mode === WatermarkMode.EVERYONE) return true;
  return mode === WatermarkMode.MEMBERS && !access.isEditorial;
}

/**
 * The code of this viewer in this project today, made on first use. `viewer` is one key for a
 * member or a guest (watermarks.table.ts); `name` is what the pictures show.
 */
export async function viewerCode(
  db: Db,
  who: {
    projectId: number;
    viewer: string;
    name: string;
    userId?: number | null;
    reviewLinkId?: number | null;
    guestName?: string | null;
  },
  now = new Date(),
): Promise<string> {
  const day = tokyoDay(now);
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await repo.findViewerCode(db, who.projectId, who.viewer, day);
    if (found) return found.code;
    const code = newCode();
    if (await repo.insertCode(db, { code, day, ...who })) return code;
  }
  throw new Error('no free watermark code');
}

/** The watermark of this member's pictures in this project, or null when they are served clean. */
export async function watermarkOf(
  deps: Pick<Deps, 'db'>,
  access: ProjectAccess,
  user: { id: number; nickname: string },
): Promise<Watermark | null> {
  const setting = await watermarkSetting(deps.db, access.projectId);
  if (!isWatermarked(setting.mode, access)) return null;
  const code = await viewerCode(deps.db, {
    projectId: access.projectId,
    viewer: `u:${user.id}`,
    userId: user.id,
    name: user.nickname,
  });
  return { code, originals: setting.originals };
}

/**
 * What a watermarked viewer gets for an original (docs/renditions.md, "Watermarks"): nothing
 * ('' hides the download), or the page's preview carrying their watermark, as a download.
 */
export function watermarkedOriginalLink(watermark: Watermark, renditions: { preview: string }): string {
  if (watermark.originals === WatermarkOriginals.REFUSE || !renditions.preview) return '';
  return `${renditions.preview}?download=1`;
}

/** The setting screen's calls (docs/renditions.md, "Watermarks"). */
export function createWatermarksService(deps: Deps) {
  const { db } = deps;
  const replyOf = async (access: ProjectAccess): Promise<WatermarkSettingData> => ({
    ...(await watermarkSetting(db, access.projectId)),
    mayChange: access.isFounder || access.isEditor,
    mayChooseOriginals: access.isFounder,
  });
  return {
    get: replyOf,

    /** The founder or the editor in charge sets the mode; what originals do is the founder's alone. */
    async save(
      access: ProjectAccess,
      userId: number,
      body: SaveWatermarkBody,
    ): Promise<WatermarkSettingData> {
      const before = await watermarkSetting(db, access.projectId);
      if (body.originals !== before.originals && !access.isFounder)
        throw forbidden('watermarkOriginalsFounder');
      if (body.mode === before.mode && body.originals === before.originals) return replyOf(access);
      const notices = await db.transaction(async (tx) => {
        await repo.saveSetting(tx, {
          projectId: access.projectId,
          mode: body.mode,
          originals: body.originals,
          updatedBy: userId,
        });
        return recordEditorialChange(deps, tx, access, userId, ProjectEventKind.WATERMARK_CHANGED, null);
      });
      pushNotices(deps, notices);
      return replyOf(access);
    },
  };
}
