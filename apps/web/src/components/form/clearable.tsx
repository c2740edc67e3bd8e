import { CloseCircleFilled } from '@ant-design/icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `allowClear` for a text field: antd's clear control is a button reached with Tab, and its
 * default icon gives it no name; this one is named (入力を消去) for screen readers.
 */
export function useClearable(): { clearIcon: ReactElement } {
  const { t } = useTranslation();
  return { clearIcon: <CloseCircleFilled role="img" aria-label={t('common.clearInput')} /> };
}
