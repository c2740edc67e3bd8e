/** Account kind (spec: loginattr). */
export const LoginAttr = { CREATOR: 1, EDITOR: 2 } as const;
export type LoginAttr = (typeof LoginAttr)[keyof typeof LoginAttr];

/** Roles derived from the account (DESIGN.md section 4). */
export const Role = {
  AUTHOR: 1,
  EDITOR: 2,
  PLANNING_MEMBER: 3,
  ARTIST: 4,
  ASSISTANT: 5,
  TRANSLATOR: 6,
  PRODUCTION_STAFF: 7,
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ALL_ROLES: readonly Role[] = Object.values(Role);

/** Creation / essay (spec: type, creativecap). */
export const Creativecap = { CREATION: 1, ESSAY: 2 } as const;
export type Creativecap = (typeof Creativecap)[keyof typeof Creativecap];

/** Position ids (DESIGN.md section 4). */
export const Position = {
  ORIGINAL: 1,
  MAIN_ARTIST: 2,
  STORYBOARD: 3,
  CHARACTER_DESIGN: 4,
  BACKGROUND_DESIGN: 5,
  BACKGROUND_ASSISTANT: 6,
  MOB_ASSISTANT: 7,
  COLOUR_ASSISTANT: 8,
  TONE_ASSISTANT: 9,
  EFFECTS_ASSISTANT: 10,
  LETTERING_ASSISTANT: 11,
  OTHER_ASSISTANT: 12,
  PROGRESS_MANAGER: 13,
  TRANSLATION: 14,
} as const;
export type Position = (typeof Position)[keyof typeof Position];

/** Positions offered by project-level recruitment. */
export const PROJECT_LEVEL_POSITIONS: readonly Position[] = [2, 3, 4, 5, 13];
/** Positions offered by chapter-level recruitment. */
export const CHAPTER_LEVEL_POSITIONS: readonly Position[] = [6, 7, 8, 9, 10, 11, 12, 14];
/** Chapter-level assistant positions (role 5). */
export const ASSISTANT_POSITIONS: readonly Position[] = [6, 7, 8, 9, 10, 11, 12];

/** Account lifecycle. */
export const AccountStatus = { PROVISIONAL: 0, ACTIVE: 1, DISABLED: 2 } as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

/** Purposes of mailed one-time links. */
export const MailTokenPurpose = { CONFIRM_REGISTRATION: 'confirm', RESET_PASSWORD: 'reset' } as const;
export type MailTokenPurpose = (typeof MailTokenPurpose)[keyof typeof MailTokenPurpose];

export const LANGUAGES = ['ja', 'zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';
