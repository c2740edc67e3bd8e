import { LIMITS } from '@koma/shared/constants';
import type { MessageKey } from '@koma/shared/i18n';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Profile edit rules with the shared messages. */

const fail = (text: string) => Promise.reject(new Error(text));

/** The same URL check as the server: http(s), a host with a dot, no spaces. */
const URL_PATTERN = /^https?:\/\/[^\s]+\.[^\s]+$/i;

export function nicknameRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.profileNicknameRequired') },
    { max: LIMITS.nicknameMax, message: t('validation.nicknameTooLong') },
  ];
}

/** At least one choice in a multi-select; `key` is the message. */
export function pickRules(t: TFunction, key: MessageKey): FormRule[] {
  return [
    {
      required: true,
      validator: (_, value: number[] | undefined) =>
        value?.length ? Promise.resolve() : fail(t(`validation.${key}`)),
    },
  ];
}

/** Self-PR, favourites, 萌え, each theme and award, a work name: 60 characters. */
export function text60Rules(t: TFunction): FormRule[] {
  return [{ max: LIMITS.profileTextMax, message: t('validation.textTooLong') }];
}

export function portfolioRules(t: TFunction): FormRule[] {
  return [
    { max: LIMITS.portfolioUrlMax, message: t('validation.urlTooLong') },
    {
      validator: (_, value: string | undefined) => {
        const url = (value ?? '').trim();
        return !url || URL_PATTERN.test(url) ? Promise.resolve() : fail(t('validation.urlInvalid'));
      },
    },
  ];
}

export function workNameRules(t: TFunction): FormRule[] {
  return [{ required: true, whitespace: true, message: t('validation.requiredField') }, ...text60Rules(t)];
}

export function pageNumRules(t: TFunction): FormRule[] {
  return [
    {
      required: true,
      validator: (_, value: number | null | undefined) =>
        typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= LIMITS.pageNumMax
          ? Promise.resolve()
          : fail(t('validation.requiredField')),
    },
  ];
}

export function descRules(t: TFunction): FormRule[] {
  return [{ max: LIMITS.achievementDescMax, message: t('validation.descTooLong') }];
}

export function choiceRules(t: TFunction): FormRule[] {
  return [{ required: true, message: t('validation.selectRequired') }];
}
