import { EMAIL_PATTERN, LIMITS } from '@koma/shared/constants';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Form rules with the shared messages; keys live in @koma/shared MESSAGES. */

const fail = (text: string) => Promise.reject(new Error(text));

export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.emailRequired') },
    {
      validator: (_, value: string | undefined) => {
        const email = (value ?? '').trim();
        if (!email || (email.length <= LIMITS.emailMax && EMAIL_PATTERN.test(email)))
          return Promise.resolve();
        return fail(t('validation.emailInvalid'));
      },
    },
  ];
}

/** Login only requires the e-mail: the error text, or null. */
export function loginEmailError(t: TFunction, value: string): string | null {
  return value.trim() ? null : t('validation.emailRequired');
}

/**
 * A password being chosen (sign-up, reset): 8 characters and more. The list of common passwords
 * is checked by the server only (its answer is shown), to keep it out of the bundle.
 */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('validation.passwordRequired') },
    { min: LIMITS.newPasswordMin, message: t('validation.newPasswordTooShort') },
    { max: LIMITS.passwordMax, message: t('validation.passwordTooLong') },
  ];
}

/** Login: at least 6 characters, an empty field included: the original login rule, kept for older accounts (docs/accounts.md). */
export function loginPasswordError(t: TFunction, value: string): string | null {
  return value.length >= LIMITS.passwordMin ? null : t('validation.passwordTooShort');
}

/**
 * The confirmation field must equal `field`. `blankWhenEmpty` marks an empty value invalid
 * without any text (spec: "an empty value gives a blank message" for the e-mail confirmation).
 */
export function sameAsRule(field: string, text: string, blankWhenEmpty = false): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => {
      if (!value) return fail(blankWhenEmpty ? '' : text);
      return value === getFieldValue(field) ? Promise.resolve() : fail(text);
    },
  });
}
