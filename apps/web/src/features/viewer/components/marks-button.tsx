import { EditOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shows or hides the marks' panel (on a phone: opens their sheet), with the count still open on it. */
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

/**
 * Hides or shows the marks drawn on the page. They are drawn by default, the panel closed or
 * open: on a phone the sheet covers half the page, and the marks are what the page is read for
 * (issue 40 #7).
 */
export function MarksShownButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = t(shown ? 'marks.hide' : 'marks.show');
  return (
    <Button
      icon={shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
      aria-label={label}
      aria-pressed={shown}
      title={label}
      onClick={onToggle}
    />
  );
}
