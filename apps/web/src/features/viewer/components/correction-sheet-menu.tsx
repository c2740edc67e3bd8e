import { FilePdfOutlined } from '@ant-design/icons';
import { MarkSheetFilter } from '@koma/shared';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCorrectionSheet } from '../api/correction-sheet';

interface CorrectionSheetMenuProps {
  projectId: number;
  chapterId: number;
  pageId: number;
}

/**
 * The correction sheet PDF (docs/marks.md): this page's marks or the whole chapter's, the open ones
 * or all, for an artist who prints them or works offline, and for the print shop.
 */
export function CorrectionSheetMenu({ projectId, chapterId, pageId }: CorrectionSheetMenuProps) {
  const { t } = useTranslation();
  const sheet = useCorrectionSheet();
  const items = (['page', 'chapter'] as const).flatMap((scope) =>
    [MarkSheetFilter.OPEN, MarkSheetFilter.ALL].map((which) => ({
      key: `${scope}-${which}`,
      label: t(`marks.sheet.${scope}`, { which: t(`marks.sheet.${which}`) }),
      onClick: () =>
        sheet.mutate(scope === 'page' ? { projectId, pageId, which } : { projectId, chapterId, which }),
    })),
  );
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button icon={<FilePdfOutlined />} loading={sheet.isPending}>
        {t('marks.sheet.button')}
      </Button>
    </Dropdown>
  );
}
