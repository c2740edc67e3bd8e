import { GENRES } from '@koma/shared/constants';
import { Alert, Button, Flex, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceOptions } from '../../../components/form/reference-options';
import { currentLanguage } from '../../../lib/i18n';

interface GenreFieldProps {
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  /** The field's visible label, naming the group. */
  label: string;
}

/**
 * The genres of a project: the chosen ones as tags and a button opening the dialog
 * カテゴリを選択してください, where genres are toggled on click; at least one is required.
 */
export function GenreField({ id, value = [], onChange, label }: GenreFieldProps) {
  const { t } = useTranslation();
  const options = referenceOptions(GENRES, currentLanguage());
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [problem, setProblem] = useState(false);

  const show = () => {
    setPicked(value);
    setProblem(false);
    setOpen(true);
  };
  const toggle = (genre: number) => {
    setProblem(false);
    setPicked((list) => (list.includes(genre) ? list.filter((g) => g !== genre) : [...list, genre]));
  };
  const decide = () => {
    if (picked.length === 0) {
      setProblem(true);
      return;
    }
    onChange?.([...picked].sort((a, b) => a - b));
    setOpen(false);
  };

  return (
    <fieldset id={id} aria-label={label} className="koma-fieldset">
      <Flex gap={8} wrap align="center">
        {value.length ? (
          options.filter((o) => value.includes(o.value)).map((o) => <Tag key={o.value}>{o.label}</Tag>)
        ) : (
          <span className="koma-muted">{t('project.form.noGenre')}</span>
        )}
        <Button onClick={show}>{t('project.form.chooseGenre')}</Button>
      </Flex>
      <Modal
        open={open}
        title={t('project.form.genreDialogTitle')}
        width={600}
        okText={t('common.decide')}
        cancelText={t('common.cancel')}
        onOk={decide}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('project.form.genreDialogLead')}</p>
        <Flex gap={8} wrap role="group" aria-label={label}>
          {options.map((o) => {
            const on = picked.includes(o.value);
            return (
              <Button
                key={o.value}
                type={on ? 'primary' : 'default'}
                aria-pressed={on}
                onClick={() => toggle(o.value)}
              >
                {o.label}
              </Button>
            );
          })}
        </Flex>
        {problem ? (
          <Alert
            type="error"
            showIcon
            title={t('validation.genreDialogRequired')}
            style={{ marginTop: 16 }}
          />
        ) : null}
      </Modal>
    </fieldset>
  );
}
