import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { isCreator } from '../lib/attributes';
import { creativecapOptions, namesOf, type ReferenceOptions } from '../lib/reference-options';
import type { SignUpDraft } from '../lib/sign-up-draft';

/** The values of the sign-up form as the confirmation screen lists them. */
export function SignUpSummary({ draft, options }: { draft: SignUpDraft; options: ReferenceOptions }) {
  const { t } = useTranslation();
  const names = (ids: number[] | null, list: ReferenceOptions[keyof ReferenceOptions]) =>
    namesOf(ids, list).join(t('common.listSeparator')) || t('common.none');
  const items = [
    { key: 'nickname', label: t('fields.nickname'), children: draft.nickname },
    { key: 'email', label: t('fields.email'), children: draft.email },
    {
      key: 'type',
      label: t('fields.creativecap'),
      children: names(draft.type, creativecapOptions(currentLanguage())),
    },
    { key: 'loginAttr', label: t('fields.loginAttr'), children: t(`options.loginAttr.${draft.loginAttr}`) },
    { key: 'medias', label: t('fields.medias'), children: names(draft.medias, options.medias) },
    { key: 'typebigs', label: t('fields.typebigs'), children: names(draft.typebigs, options.typebigs) },
  ];
  if (isCreator(draft.loginAttr)) {
    items.push(
      { key: 'positions', label: t('fields.positions'), children: names(draft.positions, options.positions) },
      { key: 'method', label: t('fields.methods'), children: names(draft.method, options.methods) },
    );
  }
  return (
    <Descriptions bordered column={1} items={items} styles={{ label: { width: '32%', minWidth: 96 } }} />
  );
}
