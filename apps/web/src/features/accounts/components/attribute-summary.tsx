import { Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AttributeSelection, isCreator, type LoginAttrValue } from '../lib/attributes';
import { namesOf, type ReferenceOptions } from '../lib/reference-options';

interface AttributeSummaryProps {
  loginAttr: LoginAttrValue;
  selection: AttributeSelection;
  options: ReferenceOptions;
  onEdit: () => void;
}

/** The chosen attribute selections under the radio, with a link to reopen the dialog. */
export function AttributeSummary({ loginAttr, selection, options, onEdit }: AttributeSummaryProps) {
  const { t } = useTranslation();
  const join = (ids: number[], list: ReferenceOptions[keyof ReferenceOptions]) =>
    namesOf(ids, list).join(t('common.listSeparator')) || t('common.none');
  const items = [
    { key: 'medias', label: t('fields.medias'), children: join(selection.medias, options.medias) },
    { key: 'typebigs', label: t('fields.typebigs'), children: join(selection.typebigs, options.typebigs) },
  ];
  if (isCreator(loginAttr)) {
    items.push(
      {
        key: 'positions',
        label: t('fields.positions'),
        children: join(selection.positions, options.positions),
      },
      { key: 'methods', label: t('fields.methods'), children: join(selection.method, options.methods) },
    );
  }
  return (
    <div style={{ background: '#f7f8fc', borderRadius: 8, padding: '8px 12px', marginBottom: 24 }}>
      <Descriptions size="small" column={1} items={items} />
      <Button type="link" onClick={onEdit} style={{ paddingLeft: 0 }}>
        {t('auth.signUp.editAttributes')}
      </Button>
    </div>
  );
}
