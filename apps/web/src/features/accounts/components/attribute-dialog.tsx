import { Alert, Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AttributeSelection,
  isCreator,
  isSelectionComplete,
  type LoginAttrValue,
} from '../lib/attributes';
import type { ReferenceOptions } from '../lib/reference-options';
import { CheckboxFieldset } from './checkbox-fieldset';

interface AttributeDialogProps {
  open: boolean;
  loginAttr: LoginAttrValue;
  initial: AttributeSelection;
  options: ReferenceOptions;
  loading: boolean;
  loadError: string | null;
  onRetry: () => void;
  onConfirm: (selection: AttributeSelection) => void;
  onCancel: () => void;
}

/**
 * Creator or editor attribute selection: media and genre, plus the wanted
 * processes and drawing methods for creators. Confirming with a gap shows 'attributeIncomplete'.
 */
export function AttributeDialog(props: AttributeDialogProps) {
  const { t } = useTranslation();
  const creator = isCreator(props.loginAttr);
  return (
    <Modal
      open={props.open}
      width={780}
      title={creator ? t('auth.signUp.attrDialog.creatorTitle') : t('auth.signUp.attrDialog.editorTitle')}
      onCancel={props.onCancel}
      destroyOnHidden
      footer={null}
    >
      {props.loading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin description={t('common.loading')}>
            <div style={{ height: 40 }} />
          </Spin>
        </div>
      ) : props.loadError ? (
        <Alert
          type="error"
          showIcon
          title={props.loadError}
          action={<Button onClick={props.onRetry}>{t('common.retry')}</Button>}
        />
      ) : (
        <AttributeChoices {...props} creator={creator} />
      )}
    </Modal>
  );
}

function AttributeChoices({
  loginAttr,
  initial,
  options,
  onConfirm,
  onCancel,
  creator,
}: AttributeDialogProps & { creator: boolean }) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<AttributeSelection>(initial);
  const [tried, setTried] = useState(false);
  const set = (key: keyof AttributeSelection) => (value: number[]) =>
    setSelection((s) => ({ ...s, [key]: value }));
  const complete = isSelectionComplete(loginAttr, selection);
  const missing = (key: keyof AttributeSelection) => tried && selection[key].length === 0;

  const confirm = () => {
    setTried(true);
    if (complete) onConfirm(creator ? selection : { ...selection, positions: [], method: [] });
  };

  return (
    <div>
      <p>{t('auth.signUp.attrDialog.lead')}</p>
      <CheckboxFieldset
        legend={t('fields.medias')}
        options={options.medias}
        value={selection.medias}
        onChange={set('medias')}
        invalid={missing('medias')}
      />
      <CheckboxFieldset
        legend={t('fields.typebigs')}
        options={options.typebigs}
        value={selection.typebigs}
        onChange={set('typebigs')}
        invalid={missing('typebigs')}
      />
      {creator ? (
        <>
          <CheckboxFieldset
            legend={t('fields.positions')}
            options={options.positions}
            value={selection.positions}
            onChange={set('positions')}
            invalid={missing('positions')}
          />
          <CheckboxFieldset
            legend={t('fields.methods')}
            options={options.methods}
            value={selection.method}
            onChange={set('method')}
            invalid={missing('method')}
          />
        </>
      ) : null}
      {tried && !complete ? (
        <Alert
          type="error"
          showIcon
          title={t('validation.attributeIncomplete')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" onClick={confirm}>
          {t('common.decide')}
        </Button>
      </div>
    </div>
  );
}
