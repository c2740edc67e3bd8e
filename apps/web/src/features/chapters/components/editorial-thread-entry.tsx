import { LockOutlined } from '@ant-design/icons';
import type { ChapterDetails } from '@koma/shared/schemas';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EditorialThreadDrawer } from './editorial-thread-drawer';

/**
 * The chapter screens' way into the editorial thread, shown only to those the server lets in
 * (`viewer.editorial_thread`). A thread notice opens it (`&thread=open`, docs/notices.md).
 */
export function EditorialThreadEntry({ details }: { details: ChapterDetails }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('thread') === 'open';
  const [open, setOpen] = useState(asked);
  useEffect(() => {
    if (asked) setOpen(true);
  }, [asked]);
  if (!details.viewer.editorial_thread) return null;
  return (
    <>
      <Button
        className="koma-thread-open"
        icon={<LockOutlined aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        {t('chapterScript.editorialThread.open')}
      </Button>
      <EditorialThreadDrawer
        projectId={details.projectId}
        chapterId={details.id}
        chapterTitle={details.title}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
