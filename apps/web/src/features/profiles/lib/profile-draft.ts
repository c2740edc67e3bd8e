import { LoginAttr, type ProfileBody, type ProfileDetail } from '@koma/shared';
import * as z from 'zod/mini';
import type { ProfileValues } from '../../../components/profile-view/profile-values';

/**
 * The profile form travels to /personalInfo/personalPage as JSON in the query parameter `data`
 * (as the original screens pass it), and is also kept in memory. It holds no secret: no e-mail, no password.
 * The kind (loginattr) is not part of it: it always comes from the session.
 */
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

let memory: ProfileDraft | null = null;

export function keepDraft(draft: ProfileDraft): void {
  memory = draft;
}

export function keptDraft(): ProfileDraft | null {
  return memory;
}

export function clearDraft(): void {
  memory = null;
}

export function encodeDraft(draft: ProfileDraft): string {
  return JSON.stringify(draft);
}

const localPath = (path: string) => (/^\/(?![/\\])/.test(path) ? path : '');

/** The draft of a query parameter or history state, or null when malformed. */
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
