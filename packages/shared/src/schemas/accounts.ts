import { z } from 'zod';
import { EMAIL_PATTERN, LIMITS } from '../limits.js';
import { CREATIVECAPS, GENRES, MEDIAS, METHODS, POSITIONS } from '../reference.js';
import { referenceIds } from './common.js';
import { singleLineText } from './single-line.js';

export const emailField = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, { error: 'emailRequired' })
  .max(LIMITS.emailMax, { error: 'emailInvalid' })
  .regex(EMAIL_PATTERN, { error: 'emailInvalid' })
  .transform((e) => e.toLowerCase());

export const nicknameField = singleLineText(LIMITS.nicknameMax, {
  required: 'nicknameRequired',
  tooLong: 'nicknameTooLong',
});

/** A password being chosen: 8 characters and more (the login keeps the spec's 6, see loginBody). */
export const newPasswordField = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired' })
  .min(LIMITS.newPasswordMin, { error: 'newPasswordTooShort' })
  .max(LIMITS.passwordMax, { error: 'passwordTooLong' });

const loginAttrField = z.union([z.literal(1), z.literal(2)], { error: 'loginAttrRequired' });

/** POST /api/user/register. */
export const registerBody = z
  .object({
    nickname: nicknameField,
    email: emailField,
    password: newPasswordField,
    type: referenceIds(CREATIVECAPS, 'creativecapRequired'),
    loginAttr: loginAttrField,
    medias: referenceIds(MEDIAS, 'attributeIncomplete'),
    typebigs: referenceIds(GENRES, 'attributeIncomplete'),
    positions: referenceIds(POSITIONS, 'attributeIncomplete').nullish(),
    method: referenceIds(METHODS, 'attributeIncomplete').nullish(),
  })
  .superRefine((body, ctx) => {
    // Creators also choose the processes they want and how they draw; editors send null.
    if (body.loginAttr !== 1) return;
    if (!body.positions?.length)
      ctx.addIssue({ code: 'custom', path: ['positions'], message: 'attributeIncomplete' });
    if (!body.method?.length)
      ctx.addIssue({ code: 'custom', path: ['method'], message: 'attributeIncomplete' });
  });
export type RegisterBody = z.input<typeof registerBody>;

/** POST /api/user/login. The username is the e-mail address, trimmed. */
export const loginBody = z.object({
  username: emailField,
  password: z
    .string({ error: 'passwordTooShort' })
    .min(LIMITS.passwordMin, { error: 'passwordTooShort' })
    .max(LIMITS.passwordMax, { error: 'passwordTooLong' }),
});
export const loginData = z.object({ token: z.string(), isFirst: z.boolean() });
export type LoginData = z.infer<typeof loginData>;

const tokenField = z.string({ error: 'tokenRequired' }).trim().min(16, { error: 'tokenRequired' }).max(200);

/** POST /api/user/completeRegistration: the token from the mailed link. */
export const completeRegistrationBody = z.object({ token: tokenField });
/** POST /api/user/resendConfirmation and /api/user/forgotPassword. */
export const emailOnlyBody = z.object({ email: emailField });
/** POST /api/user/resetPassword. */
export const resetPasswordBody = z.object({ token: tokenField, password: newPasswordField });

/** GET /api/user/registerInit: the reference lists (names in the caller's language). */
export const registerInitData = z.object({
  medias: z.array(z.object({ id: z.number(), media: z.string() })),
  typebigs: z.array(z.object({ id: z.number(), typeb: z.string() })),
  positions: z.array(z.object({ id: z.number(), position: z.string() })),
  methods: z.array(z.object({ id: z.number(), method: z.string() })),
  affiliations: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type RegisterInitData = z.infer<typeof registerInitData>;

/** GET /api/cartoonser/index: the session's user info. */
export const userIndexData = z.object({
  id: z.number(),
  nickname: z.string(),
  email: z.string(),
  pic: z.string(),
  icon: z.string(),
  /** Comma-separated role ids. */
  role: z.string(),
  loginattr: z.number(),
  isFirst: z.boolean(),
  /** The user's positions as a comma string (userData). */
  positions: z.string(),
  type: z.array(z.number()),
  medias: z.array(z.number()),
  typebigs: z.array(z.number()),
  method: z.array(z.number()),
  lists: registerInitData,
  /** `role` as numbers, for clients that need not split the string (docs/api-conventions.md). */
  roleIds: z.array(z.number()),
  /** `positions` as numbers (docs/api-conventions.md). */
  positionIds: z.array(z.number()),
});
export type UserIndexData = z.infer<typeof userIndexData>;
