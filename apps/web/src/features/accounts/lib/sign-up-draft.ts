import { LIMITS } from '@koma/shared/constants';
import type { RegisterBody } from '@koma/shared/schemas';
import * as z from 'zod/mini';

/**
 * The sign-up form travels to /confrimPage in the query parameter `selectData`,
 * as JSON WITHOUT the password. The password stays in this module's memory only, so a reload
 * of the confirmation page sends the user back to the form.
 */
const ids = z.array(z.int().check(z.positive())).check(z.maxLength(50));

export const signUpDraftSchema = z.object({
  nickname: z.string().check(z.maxLength(LIMITS.nicknameMax)),
  email: z.string().check(z.maxLength(LIMITS.emailMax)),
  type: ids,
  loginAttr: z.union([z.literal(1), z.literal(2)]),
  medias: ids,
  typebigs: ids,
  positions: z.nullable(ids),
  method: z.nullable(ids),
});

export type SignUpDraft = z.infer<typeof signUpDraftSchema>;

let draft: SignUpDraft | null = null;
let password: string | null = null;

export function saveDraft(next: SignUpDraft, nextPassword: string | null): void {
  draft = next;
  password = nextPassword;
}

export function getDraft(): SignUpDraft | null {
  return draft;
}

export function getPassword(): string | null {
  return password;
}

export function clearDraft(): void {
  draft = null;
  password = null;
}

export function encodeSelectData(value: SignUpDraft): string {
  return JSON.stringify(value);
}

export function decodeSelectData(raw: string | null): SignUpDraft | null {
  if (!raw) return null;
  try {
    const parsed = signUpDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function toRegisterBody(value: SignUpDraft, secret: string): RegisterBody {
  const creator = value.loginAttr === 1;
  return {
    nickname: value.nickname.trim(),
    email: value.email.trim(),
    password: secret,
    type: value.type,
    loginAttr: value.loginAttr,
    medias: value.medias,
    typebigs: value.typebigs,
    positions: creator ? value.positions : null,
    method: creator ? value.method : null,
  };
}
