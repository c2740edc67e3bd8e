import {
  AccountStatus,
  computeRoles,
  type Language,
  LIMITS,
  LiveEvent,
  LoginAttr,
  type LoginData,
  MailTokenPurpose,
  RATE_LIMITS,
  type registerBody,
  type registerInvitedBody,
} from '@koma/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { badInput, forbidden, tooManyRequests } from '../../lib/app-error.js';
import { clientKey } from '../../lib/client-key.js';
import { hashToken, newToken } from '../../lib/crypto-tokens.js';
import type { Deps } from '../../lib/deps.js';
import { isUniqueViolation } from '../../lib/sql-helpers.js';
import { openInvitationFor } from '../invitations/invitation-sign-up.js';
import { matchIndexFor } from '../matching/match-index.js';
import { attemptLimiter } from '../rate-limits/attempt-limiter.js';
import { mailLimiterOf } from '../rate-limits/mail-limiter.js';
import { confirmationMail, resetPasswordMail } from './account-mails.js';
import * as repo from './accounts.repository.js';
import { isCommonPassword } from './common-passwords.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { sessionCache } from './session-cache.js';
import { createSession, revokeSession } from './sessions.service.js';

type RegisterInput = z.output<typeof registerBody>;
type RegisterInvitedInput = z.output<typeof registerInvitedBody>;
const HOUR_MS = 3_600_000;
const CONFIRM = MailTokenPurpose.CONFIRM_REGISTRATION;

export function createAccountsService(deps: Deps) {
  const { db, jobs, config } = deps;
  const scale = config.rateLimitMultiplier;
  // Wrong passwords, shared by every instance when the database is PostgreSQL. Guessing is limited
  // per client and account, so a stranger elsewhere cannot lock the owner out; per account over
  // all clients (a higher cap, for a distributed attack); and per client over all accounts
  // (credential stuffing). The login route's own per-client limit only bounds the pace
  // (docs/access.md).
  const limiterOf = (name: string, limit: { max: number; windowMs: number }) =>
    attemptLimiter(deps.limiters(name, { max: limit.max * scale, windowMs: limit.windowMs }));
  const loginPairLimiter = limiterOf('login-pair', RATE_LIMITS.loginFailuresPerClientAndEmail);
  const loginEmailLimiter = limiterOf('login', RATE_LIMITS.loginFailuresPerEmail);
  const loginIpLimiter = limiterOf('login-ip', RATE_LIMITS.loginFailuresPerIp);
  const loginLimits = (email: string, client: string) =>
    [
      [loginPairLimiter, `${client}|${email}`],
      [loginEmailLimiter, email],
      [loginIpLimiter, client],
    ] as const;
  const mailLimiter = mailLimiterOf(deps);

  /**
   * In the caller's transaction: a new link of `purpose` for the account of `email` when its status
   * is one of `statuses`, and its mail as a job. The request never waits for the mail, and the same
   * statements run whether or not there is such an account (docs/jobs.md). Call `mailed()` after
   * the commit.
   */
  async function mailLink(
    tx: Tx,
    email: string,
    statuses: AccountStatus[],
    purpose: string,
    route: string,
    lang: Language,
  ) {
    const { token, hash } = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + LIMITS.mailLinkHours * HOUR_MS);
    const user = await repo.replaceMailToken(tx, {
      email,
      statuses,
      purpose,
      tokenHash: hash,
      now,
      expiresAt,
    });
    const link = `${config.publicUrl}${route}?token=${encodeURIComponent(token)}`;
    const build = purpose === MailTokenPurpose.RESET_PASSWORD ? resetPasswordMail : confirmationMail;
    const mails = user ? [build({ to: user.email, nickname: user.nickname, link, lang })] : [];
    await jobs.send('mail', mails, { tx });
  }
  /** After the commit: this instance sends the mail now rather than at its next look. */
  const mailed = () => jobs.wake('mail');

  return {
    /** Makes a provisional account and mails the completion link. */
    async register(input: RegisterInput, lang: Language): Promise<void> {
      // Before the mail limit: a refused password must not use up the address's mails.
      if (isCommonPassword(input.password)) throw badInput('passwordTooCommon');
      if (!(await mailLimiter.hit(input.email))) throw tooManyRequests();
      if (await repo.findUserByEmail(db, input.email)) throw badInput('emailTaken');
      const isCreator = input.loginAttr === LoginAttr.CREATOR;
      const positions = isCreator ? (input.positions ?? []) : [];
      const passwordHash = await hashPassword(input.password);
      try {
        // The account, its link and its mail exist together or not at all.
        await db.transaction(async (tx) => {
          await repo.insertUser(tx, {
            email: input.email,
            nickname: input.nickname,
            passwordHash,
            loginattr: input.loginAttr,
            status: AccountStatus.PROVISIONAL,
            creativecap: input.type,
            medias: input.medias,
            genres: input.typebigs,
            positions,
            methods: isCreator ? (input.method ?? []) : [],
            roles: computeRoles(input.loginAttr, positions),
          });
          await mailLink(
            tx,
            input.email,
            [AccountStatus.PROVISIONAL],
            CONFIRM,
            '/registration/complete',
            lang,
          );
        });
      } catch (err) {
        // Two sign-ups with one address at the same moment: the unique index decides.
        if (isUniqueViolation(err)) throw badInput('emailTaken');
        throw err;
      }
      mailed();
    },

    /**
     * The shortest sign-up, from a mail invitation's link (docs/accounts.md, "Signing up from an
     * invitation"): the link went to the address, so the account is active at once and logged in,
     * with no confirmation mail; what the full form asks besides is filled in on the profile.
     */
    async registerInvited(input: RegisterInvitedInput): Promise<LoginData> {
      if (isCommonPassword(input.password)) throw badInput('passwordTooCommon');
      const account = await openInvitationFor(db, input.token, input.email);
      if (await repo.findUserByEmail(db, input.email)) throw badInput('emailTaken');
      const passwordHash = await hashPassword(input.password);
      try {
        const login = await db.transaction(async (tx) => {
          // Read again in the transaction: a link withdrawn meanwhile makes no account.
          await openInvitationFor(tx, input.token, input.email);
          const user = await repo.insertUser(tx, {
            email: input.email,
            nickname: input.nickname,
            passwordHash,
            loginattr: account.loginAttr,
            status: AccountStatus.ACTIVE,
            positions: account.positions,
            roles: computeRoles(account.loginAttr, account.positions),
          });
          return { token: await createSession(tx, user.id), isFirst: true };
        });
        // A new active person: searches on this instance see them at once.
        matchIndexFor(db).markStale();
        return login;
      } catch (err) {
        if (isUniqueViolation(err)) throw badInput('emailTaken');
        throw err;
      }
    },

    /** `ip` is the client's address (the proxy's forwarded one when TRUST_PROXY is set). */
    async login(email: string, password: string, ip: string): Promise<LoginData> {
      const limits = loginLimits(email, clientKey(ip));
      const blocked = await Promise.all(limits.map(([limiter, key]) => limiter.isBlocked(key)));
      if (blocked.includes(true)) throw tooManyRequests('loginLocked');
      const user = await repo.findUserByEmail(db, email);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        await Promise.all(limits.map(([limiter, key]) => limiter.hit(key)));
        throw badInput('loginFailed');
      }
      // Told only after the right password, so the answer does not reveal who has an account.
      if (user.status === AccountStatus.PROVISIONAL) throw forbidden('accountProvisional');
      if (user.status !== AccountStatus.ACTIVE) throw forbidden('accountDisabled');
      // Only this client's count: forgetting the account's would hand an attacker a fresh budget
      // each time the owner logs in.
      const [[pairLimiter, pairKey]] = limits;
      await pairLimiter.reset(pairKey);
      const token = await createSession(db, user.id);
      return { token, isFirst: user.isFirst };
    },

    async logout(token: string | null): Promise<void> {
      if (token) await revokeSession(db, token);
    },

    async completeRegistration(token: string): Promise<void> {
      const done = await db.transaction(async (tx) => {
        const userId = await repo.consumeMailToken(
          tx,
          hashToken(token),
          MailTokenPurpose.CONFIRM_REGISTRATION,
          new Date(),
        );
        if (userId === undefined) return false;
        return repo.updateUserStatus(tx, userId, AccountStatus.PROVISIONAL, AccountStatus.ACTIVE);
      });
      if (!done) throw badInput('registrationLinkInvalid');
      // A new active person: searches on this instance see them at once.
      matchIndexFor(db).markStale();
    },

    /** Always answers the same, so it cannot be used to probe for addresses. */
    async resendConfirmation(email: string, lang: Language): Promise<void> {
      if (!(await mailLimiter.hit(email))) throw tooManyRequests();
      await db.transaction((tx) =>
        mailLink(tx, email, [AccountStatus.PROVISIONAL], CONFIRM, '/registration/complete', lang),
      );
      mailed();
    },

    /** Answers the same, in the same time, whether the address has an account or not. */
    async forgotPassword(email: string, lang: Language): Promise<void> {
      if (!(await mailLimiter.hit(email))) throw tooManyRequests();
      const statuses = [AccountStatus.PROVISIONAL, AccountStatus.ACTIVE];
      await db.transaction((tx) =>
        mailLink(tx, email, statuses, MailTokenPurpose.RESET_PASSWORD, '/resetPassword', lang),
      );
      mailed();
    },

    /** Sets the new password and ends every session: whoever had the old one is logged out. */
    async resetPassword(token: string, password: string): Promise<void> {
      if (isCommonPassword(password)) throw badInput('passwordTooCommon');
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const userId = await repo.consumeMailToken(
          tx,
          hashToken(token),
          MailTokenPurpose.RESET_PASSWORD,
          new Date(),
        );
        if (userId === undefined) return false;
        await repo.updatePasswordHash(tx, userId, passwordHash);
        await repo.deleteSessionsOfUser(tx, userId);
        // The mailed link proves the address, which is all a provisional account still lacked.
        await repo.updateUserStatus(tx, userId, AccountStatus.PROVISIONAL, AccountStatus.ACTIVE);
        return userId;
      });
      if (done === false) throw badInput('resetLinkInvalid');
      sessionCache.forgetUser(done);
      // Whoever held the old password loses their open live streams too.
      deps.live.publish(done, { event: LiveEvent.SESSION_ENDED });
      matchIndexFor(db).markStale();
    },

    async closeFirstLogin(userId: number): Promise<void> {
      await repo.clearFirstLogin(db, userId);
      sessionCache.forgetUser(userId);
    },
  };
}
