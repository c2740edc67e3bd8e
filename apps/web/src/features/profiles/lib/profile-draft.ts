import { LoginAttr } from '@koma/shared/constants';
import type { ProfileBody, ProfileDetail } from '@koma/shared/schemas';
import * as z from 'zod/mini';
import type { ProfileValues } from '../../../components/profile-view/profile-values';

/**
 * The profile form travels to /personalInfo/personalPage in memory and in the tab's session
 * storage, never in the address (which ends in the history and the server's logs; see
 * docs/departures.md). The kind (loginattr) is not part of it: it always comes from the session.
 */
export const FORM_PATH = '/personalInfo/personalInfo';
export const CONFIRM_PATH = '/personalInfo/personalPage';

export type ProfileDraft = Omit<ProfileValues, 'loginattr'>;

const ids = z.array(z.int()).check(z.maxLength(50));
const text = z.string().check(z.maxLength(5000));
const choice = z.nullable(z.int());

const achievement = z.object({
  type1: z.int(),
  type2: z.int(),
  type3: z.int(),
  type4: z.int(),
  workName: text,
  pageNum: z.int(),
  desc: text,
});

export const profileDraftSchema = z.object({
  nickname: text,
  pic: text,
  icon: text,
  type: ids,
  positions: ids,
  medias: ids,
  typebigs: ids,
  method: ids,
  drawmethod: choice,
  experience: ids,
  adscartoon: choice,
  publish: choice,
  introduction: text,
  cartoon: text,
  cartooner: text,
  cute: text,
  theme: z.array(text).check(z.maxLength(100)),
  reward: z.array(text).check(z.maxLength(100)),
  introduce: text,
  achievements: z.array(achievement).check(z.maxLength(100)),
});

const STORAGE_KEY = 'koma.profileDraft';

/** The draft being confirmed, with the account it belongs to (a tab may log in as another). */
let memory: { uid: number; draft: ProfileDraft } | null = null;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // Storage turned off: the copy in memory still serves until a reload.
  }
}

/** Keeps the draft for the confirmation screen, also across a reload of the tab. */
export function keepDraft(uid: number, draft: ProfileDraft): void {
  memory = { uid, draft };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage full or refused: the copy in memory still serves.
  }
}

/** The kept draft of account `uid`, or null. */
export function keptDraft(uid: number): ProfileDraft | null {
  if (memory) return memory.uid === uid ? memory.draft : null;
  try {
    const raw = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as {
      uid?: unknown;
      draft?: unknown;
    } | null;
    return raw?.uid === uid ? decodeDraft(raw.draft) : null;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  memory = null;
  storage()?.removeItem(STORAGE_KEY);
}

const localPath = (path: string) => (/^\/(?![/\\])/.test(path) ? path : '');

/** The draft of history state or session storage, or null when malformed. */
export function decodeDraft(raw: unknown): ProfileDraft | null {
  if (raw === null || raw === undefined) return null;
  try {
    const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const parsed = profileDraftSchema.safeParse(value);
    if (!parsed.success) return null;
    const draft = parsed.data as ProfileDraft;
    // Pictures are paths the upload call returned: never another site's address from a link.
    return { ...draft, pic: localPath(draft.pic), icon: localPath(draft.icon) };
  } catch {
    return null;
  }
}

/** The stored profile as a draft to edit. */
export function draftFromDetail(d: ProfileDetail): ProfileDraft {
  return {
    nickname: d.nickname,
    pic: d.pic,
    icon: d.icon,
    type: d.type,
    positions: d.positions,
    medias: d.medias,
    typebigs: d.typebigs,
    method: d.method,
    drawmethod: d.drawmethod,
    experience: d.experience,
    adscartoon: d.adscartoon,
    publish: d.publish,
    introduction: d.introduction,
    cartoon: d.cartoon,
    cartooner: d.cartooner,
    cute: d.cute,
    theme: d.theme,
    reward: d.reward,
    introduce: d.introduce,
    achievements: d.achievements,
  };
}

const texts = (values: (string | null | undefined)[] | undefined) =>
  (values ?? []).map((v) => (v ?? '').trim()).filter((v) => v !== '');

/** Form values as a clean draft: trimmed texts, empty themes and awards dropped. */
export function normaliseDraft(v: Partial<ProfileDraft>): ProfileDraft {
  return {
    nickname: (v.nickname ?? '').trim(),
    pic: v.pic ?? '',
    icon: v.icon ?? '',
    type: v.type ?? [],
    positions: v.positions ?? [],
    medias: v.medias ?? [],
    typebigs: v.typebigs ?? [],
    method: v.method ?? [],
    drawmethod: v.drawmethod ?? null,
    experience: v.experience ?? [],
    adscartoon: v.adscartoon ?? null,
    publish: v.publish ?? null,
    introduction: (v.introduction ?? '').trim(),
    cartoon: (v.cartoon ?? '').trim(),
    cartooner: (v.cartooner ?? '').trim(),
    cute: (v.cute ?? '').trim(),
    theme: texts(v.theme),
    reward: texts(v.reward),
    introduce: (v.introduce ?? '').trim(),
    achievements: (v.achievements ?? []).map((a) => ({
      type1: a.type1,
      type2: a.type2,
      type3: a.type3,
      type4: a.type4,
      workName: (a.workName ?? '').trim(),
      pageNum: Number(a.pageNum),
      desc: (a.desc ?? '').trim(),
    })),
  };
}

/** POST /api/cartoonser/personalInfo body: kind-specific fields only for that kind, plus loginattr. */
export function toProfileBody(d: ProfileDraft, loginattr: number): ProfileBody & { loginattr: number } {
  const creator = loginattr === LoginAttr.CREATOR;
  return {
    loginattr,
    nickname: d.nickname,
    pic: d.pic,
    icon: d.icon,
    type: d.type,
    positions: creator ? d.positions : null,
    medias: d.medias,
    typebigs: d.typebigs,
    method: creator ? d.method : null,
    drawmethod: creator ? null : d.drawmethod,
    experience: creator ? d.experience : [],
    adscartoon: d.adscartoon,
    publish: d.publish,
    introduction: d.introduction,
    cartoon: d.cartoon,
    cartooner: d.cartooner,
    cute: d.cute,
    theme: d.theme,
    reward: d.reward,
    introduce: d.introduce,
    achievements: d.achievements,
  };
}
