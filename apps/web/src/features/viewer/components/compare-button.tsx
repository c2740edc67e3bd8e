import { DiffOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface CompareButtonProps {
  /** How many revisions the page on screen has: two are needed to compare. */
  revisions: number;
  active: boolean;
  onToggle: () => void;
}

/** 「比較」 in the viewer's bar: enters or leaves compare mode (components/revision-compare.tsx). */
export function CompareButton({ revisions, active, onToggle }: CompareButtonProps) {
  const { t } = useTranslation();
  const disabled = revisions < 2;
  return (
    <Tooltip title={disabled ? t('viewer.compare.needsTwo') : t('viewer.compare.keys')}>
      <Button
        icon={<DiffOutlined />}
        type={active ? 'primary' : 'default'}
        aria-label={t('viewer.compare.title')}
        aria-pressed={active}
        disabled={disabled}
        onClick={onToggle}
      >
        {t('viewer.compare.title')}
      </Button>
    </Tooltip>
  );
}
