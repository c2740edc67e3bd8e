import { ProjectEventKind } from '@koma/shared/constants';
import type { ProjectEventsData } from '@koma/shared/schemas';
import { Empty, Pagination, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';
import { useProjectEvents } from '../api/project-events';

type ProjectEvent = ProjectEventsData['list'][number];

/** Invitation events whose mail form has words of its own. */
const MAILABLE: ReadonlySet<string> = new Set([
  ProjectEventKind.INVITATION_SENT,
  ProjectEventKind.INVITATION_WITHDRAWN,
]);

/** One event in words; people by their current names, steps as they were named then. */
function useEventText() {
  const { t } = useTranslation();
  return (e: ProjectEvent): string => {
    const names = {
      actor: e.actor.nickname,
      subject: e.subject?.nickname ?? '',
      recipient: e.recipient?.nickname ?? '',
      position: e.position ?? '',
      chapter: e.step?.chapter_title ?? '',
      page: e.step?.page_num ?? '',
      scope: e.chapter_title ?? t('project.team.wholeProject'),
    };
    if (e.kind === 'member_joined' && !e.subject) return t('project.team.events.member_joined_self', names);
    // A mail invitation names no one: its address is never in the activity (docs/access.md).
    if (MAILABLE.has(e.kind) && !e.subject)
      return t(`project.team.events.${e.kind}_mail` as 'project.team.events.invitation_sent_mail', names);
    return t(`project.team.events.${e.kind}` as 'project.team.events.member_left', names);
  };
}

/**
 * 活動履歴: who joined, left or was removed, which step went to whom, the invitations and who may
 * send them, newest first.
 */
export function ProjectActivity({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const events = useProjectEvents(projectId, page, true);
  const text = useEventText();
  const data = events.data;
  if (!data) return events.isPending ? <Spin size="small" /> : null;
  if (data.total === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.team.activityEmpty')} />;
  return (
    <>
      <ul className="koma-activity-list">
        {data.list.map((e) => (
          <li key={e.id}>
            <time dateTime={e.at} className="koma-muted">
              {formatTime(e.at)}
            </time>{' '}
            <span>{text(e)}</span>
          </li>
        ))}
      </ul>
      {data.total > data.page_size ? (
        <Pagination
          size="small"
          current={page}
          pageSize={data.page_size}
          total={data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </>
  );
}
