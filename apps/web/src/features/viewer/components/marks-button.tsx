import { EditOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shows or hides the marks (on a phone: opens their sheet), with the count still open on it. */
export function MarksButton({
  open,
  pressed,
  onToggle,
}: {
  open: number;
  pressed: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Badge count={open} size="small" offset={[-4, 4]}>
      <Button icon={<EditOutlined />} aria-label={t('marks.title')} aria-pressed={pressed} onClick={onToggle}>
        {t('marks.title')}
      </Button>
    </Badge>
  );
}
