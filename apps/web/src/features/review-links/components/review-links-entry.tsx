import { LinkOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewLinkForm } from './review-link-form';
import { ReviewLinksList } from './review-links-list';
import './review-links.css';

export interface ReviewLinksEntryProps {
  projectId: number;
  chapterId: number;
  chapterTitle: string;
}

/**
 * The chapter screens' way to review links for people outside the team (docs/access.md, "Review
 * links"): shown to the founder and the editorial side only (`viewer.is_editorial`).
 */
export function ReviewLinksEntry({ projectId, chapterId, chapterTitle }: ReviewLinksEntryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        className="koma-review-links-open"
        icon={<LinkOutlined aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        {t('reviewLinks.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('reviewLinks.title', { chapter: chapterTitle })}
        width="min(560px, 100vw)"
        destroyOnHidden
      >
        <p>{t('reviewLinks.intro')}</p>
        <ReviewLinkForm projectId={projectId} chapterId={chapterId} />
        <Divider />
        <ReviewLinksList projectId={projectId} chapterId={chapterId} />
      </Drawer>
    </>
  );
}
