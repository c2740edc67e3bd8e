import { z } from 'zod';
import {
  completeRegistrationBody,
  emailOnlyBody,
  loginBody,
  loginData,
  registerBody,
  resetPasswordBody,
} from '../schemas/accounts.js';
import { registerInvitedBody } from '../schemas/invitations.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Sign-up, log-in and the password reset (docs/accounts.md); logout stays at /admin/logout. */
export const accounts = endpoints(routes.accounts, {
  register: {
    input: registerBody,
    reply: z.null(),
    who: Who.PUBLIC,
    summary: 'Provisional sign-up',
  },
  registerInvited: {
    input: registerInvitedBody,
    reply: loginData,
    who: Who.PUBLIC,
    summary:
      "Sign-up from a mail invitation's link: address, nickname and password; the account is active and logged in",
  },
  login: {
    input: loginBody,
    reply: loginData,
    who: Who.PUBLIC,
    summary: 'Log in',
  },
  completeRegistration: {
    input: completeRegistrationBody,
    reply: z.null(),
    who: Who.PUBLIC,
    summary: 'Complete sign-up from the mailed link',
  },
  resendConfirmation: {
    input: emailOnlyBody,
    reply: z.null(),
    who: Who.PUBLIC,
    summary: 'Mail the completion link again',
  },
  forgotPassword: {
    input: emailOnlyBody,
    reply: z.null(),
    who: Who.PUBLIC,
    summary: 'Mail a password reset link',
  },
  resetPassword: {
    input: resetPasswordBody,
    reply: z.null(),
    who: Who.PUBLIC,
    summary: 'Set a new password from the mailed link',
  },
  closeFirstLogin: {
    input: null,
    reply: z.null(),
    who: Who.USER,
    summary: 'The first-login dialog was closed',
  },
  logout: {
    input: null,
    reply: z.null(),
    who: Who.PUBLIC,
    summary: 'End the session (outside /api, as the spec has it)',
  },
});
