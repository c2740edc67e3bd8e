import { ArrowLeftOutlined } from '@ant-design/icons';
import { ChapterStatus } from '@koma/shared/constants';
import type { ChapterDetails } from '@koma/shared/schemas';
import { Flex, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/dates';
import { projectChaptersPath } from '../lib/chapter-route';
import './chapter-header.css';
import { ReviewLinksEntry } from '../../review-links';
import { EditorialThreadEntry } from './editorial-thread-entry';

interface ChapterHeaderProps {
  details: ChapterDetails;
  /** Buttons of the screen (e.g. the episode-info edit), shown at the right. */
  extra?: ReactNode;
}

/**
 * Tag colours whose text keeps WCAG AA contrast (antd's green, orange and gold do not:
 * a finished chapter uses .koma-tag-ok).
 */
function statusTagProps(status: number): { color?: string; className?: string } {
  switch (status) {
    case ChapterStatus.NAME_WRITING:
    case ChapterStatus.IN_PRODUCTION:
      return { color: 'blue' };
    case ChapterStatus.AWAITING_EDITOR:
      return { color: 'purple' };
    case ChapterStatus.NAME_REVISION:
      return { color: 'red' };
    case ChapterStatus.FINISHED:
      return { className: 'koma-tag-ok' };
    default:
      return {};
  }
}

/** A chapter's status as a tag with its status_desc. */
export function ChapterStatusTag({ status, text }: { status: number; text: string }) {
  return (
    <Tag {...statusTagProps(status)} style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}

/**
 * The head of every chapter screen (script, settings, details): the project title, the episode
 * title as the screen's h1, its status, the script and check deadlines and a link back to the
 * project's 案件 menu. `extra` holds the screen's own buttons; the editorial thread's entry
 * follows them for those who may read it.
 */
export function ChapterHeader({ details, extra }: ChapterHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="koma-chapter-header">
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Link to={projectChaptersPath(details.projectId)}>
            <ArrowLeftOutlined aria-hidden="true" /> {t('chapterScript.header.back')}
          </Link>
          <div className="koma-chapter-header-project koma-prewrap">
            <span className="koma-visually-hidden">{t('chapterScript.header.project')}: </span>
            {details.project_title}
          </div>
          <Flex align="center" gap={12} wrap>
            <h1 className="koma-page-title koma-prewrap" style={{ margin: 0 }}>
              {details.title}
            </h1>
            <ChapterStatusTag status={details.status} text={details.status_desc} />
          </Flex>
          <dl className="koma-chapter-facts">
            <div>
              <dt>{t('chapterScript.header.scriptAt')}</dt>
              <dd>{formatDay(details.scriptAt)}</dd>
            </div>
            <div>
              <dt>{t('chapterScript.header.checkAt')}</dt>
              <dd>{formatDay(details.checkAt)}</dd>
            </div>
          </dl>
        </Flex>
        <Flex gap={8} wrap>
          {extra}
          <EditorialThreadEntry details={details} />
          {details.viewer.is_editorial ? (
            <ReviewLinksEntry
              projectId={details.projectId}
              chapterId={details.id}
              chapterTitle={details.title}
            />
          ) : null}
        </Flex>
      </Flex>
    </header>
  );
}
