import { LIMITS, TodoType } from '@koma/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDay, formatTime } from '../../../lib/dates';
import { queryKeys } from '../../../lib/query-keys';
import { dealInvitation } from '../api/deal-invitation';
import { type TodoItem, type TodoSummary, useTodoList } from '../api/todo';
import { projectDetailsPath, todoDestination } from '../lib/todo-destinations';

/** The tasks of one type, 10 per page, each with 処理へ (or accept / refuse for type 11). */
export function TodoDialog({ summary, onClose }: { summary: TodoSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const type = summary?.type ?? null;
  const list = useTodoList(type, page);

  const close = () => {
    setPage(1);
    onClose();
  };

  const answer = async (item: TodoItem, checkStatus: 1 | 2) => {
    let accepted = false;
    try {
      await dealInvitation(item.projectid, checkStatus);
      accepted = checkStatus === 1;
    } catch {
      // The API client has shown the error; the list refreshes either way.
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.todo });
    void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
    if (accepted) navigate(projectDetailsPath(item.projectid));
    else if (checkStatus === 2) close();
  };

  const action = (item: TodoItem) => {
    if (type === TodoType.EDITOR_INVITATION) {
      return (
        <Flex gap={8}>
          <Button type="primary" size="small" onClick={() => void answer(item, 1)}>
            {t('dashboard.todo.accept')}
          </Button>
          <Button danger size="small" onClick={() => void answer(item, 2)}>
            {t('dashboard.todo.refuse')}
          </Button>
        </Flex>
      );
    }
    const to = type === null ? null : todoDestination(type, item);
    return to ? (
      <Button type="primary" size="small" onClick={() => navigate(to)}>
        {t('dashboard.todo.go')}
      </Button>
    ) : null;
  };

  const projectColumn = { key: 'project', title: t('dashboard.todo.project'), dataIndex: 'project_title' };
  const actionColumn = {
    key: 'action',
    title: t('dashboard.todo.action'),
    render: (_: unknown, item: TodoItem) => action(item),
  };
  // An applicant's row says who applied, to which position and when: one project may have several.
  const applicantColumns: TableColumnsType<TodoItem> = [
    projectColumn,
    {
      key: 'applicant',
      title: t('dashboard.todo.applicant'),
      render: (_, item) => item.application?.user.nickname ?? '—',
    },
    {
      key: 'position',
      title: t('dashboard.todo.position'),
      render: (_, item) => item.application?.position ?? '—',
    },
    {
      key: 'appliedAt',
      title: t('dashboard.todo.appliedAt'),
      render: (_, item) => formatTime(item.application?.create_time),
    },
    actionColumn,
  ];
  const chapterColumns: TableColumnsType<TodoItem> = [
    projectColumn,
    { key: 'chapter', title: t('dashboard.todo.chapter'), render: (_, item) => item.chapter_title || '—' },
    {
      key: 'script',
      title: t('dashboard.todo.scriptAt'),
      render: (_, item) => formatDay(item.chapter_script_at),
    },
    {
      key: 'check',
      title: t('dashboard.todo.checkAt'),
      render: (_, item) => formatDay(item.chapter_check_at),
    },
    { key: 'left', title: t('dashboard.todo.timeLeft'), render: (_, item) => item.time_left ?? '—' },
    { key: 'user', title: t('dashboard.todo.user'), render: (_, item) => item.project_user.nickname },
    actionColumn,
  ];
  // A page's marks: which page, and how many marks wait there (docs/marks.md).
  const marksText = (item: TodoItem) =>
    item.marks
      ? t(type === TodoType.MARKS_OPEN ? 'dashboard.todo.marksOpen' : 'dashboard.todo.marksToConfirm', {
          page: item.marks.page_num,
          count: item.marks.count,
        })
      : '—';
  const marksColumns: TableColumnsType<TodoItem> = [
    projectColumn,
    { key: 'chapter', title: t('dashboard.todo.chapter'), render: (_, item) => item.chapter_title || '—' },
    { key: 'marks', title: t('dashboard.todo.marks'), render: (_, item) => marksText(item) },
    {
      key: 'check',
      title: t('dashboard.todo.checkAt'),
      render: (_, item) => formatDay(item.chapter_check_at),
    },
    { key: 'left', title: t('dashboard.todo.timeLeft'), render: (_, item) => item.time_left ?? '—' },
    actionColumn,
  ];
  // A step's row: its page and task, and its own due day (not the chapter's 校了).
  const stepColumns: TableColumnsType<TodoItem> = [
    projectColumn,
    { key: 'chapter', title: t('dashboard.todo.chapter'), render: (_, item) => item.chapter_title || '—' },
    {
      key: 'step',
      title: t('dashboard.todo.stepPage'),
      render: (_, item) =>
        item.step ? t('dashboard.todo.stepOf', { page: item.step.page_num, task: item.step.task }) : '—',
    },
    { key: 'due', title: t('dashboard.todo.dueOn'), render: (_, item) => formatDay(item.step?.due_on) },
    { key: 'left', title: t('dashboard.todo.timeLeft'), render: (_, item) => item.time_left ?? '—' },
    { key: 'user', title: t('dashboard.todo.user'), render: (_, item) => item.project_user.nickname },
    actionColumn,
  ];
  // An invitation's row: the project, and the chapter it is for (or the whole project).
  const invitationColumns: TableColumnsType<TodoItem> = [
    projectColumn,
    {
      key: 'chapter',
      title: t('dashboard.todo.chapter'),
      render: (_, item) => item.chapter_title || t('project.team.wholeProject'),
    },
    actionColumn,
  ];
  const columns = columnsOf(type, {
    invitation: invitationColumns,
    applicant: applicantColumns,
    marks: marksColumns,
    step: stepColumns,
    chapter: chapterColumns,
  });
  // The count in the unit the title names, from the list's own query: the tile shows the same.
  const cnt = list.data?.cnt;
  const title = summary
    ? cnt === undefined
      ? summary.type_desc
      : t('dashboard.todo.countOf', { title: summary.type_desc, count: cnt })
    : null;

  return (
    <Modal
      open={summary !== null}
      width={1000}
      title={title}
      onCancel={close}
      footer={<Button onClick={close}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      <Table<TodoItem>
        size="small"
        rowKey={(item) =>
          `${item.projectid}-${item.chapterid ?? 0}-${item.application?.user.id ?? 0}-${item.application?.pos_id ?? 0}-${item.marks?.page_id ?? 0}-${item.step?.step_id ?? 0}`
        }
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: t('dashboard.noTasks') }}
        scroll={{ x: 800 }}
        pagination={{
          current: page,
          pageSize: LIMITS.todoPageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </Modal>
  );
}

const STEP_TYPES: readonly number[] = [
  TodoType.PAGE_IN_PROGRESS,
  TodoType.WORK_APPROVAL,
  TodoType.WORK_REVISION,
];
const MARK_TYPES: readonly number[] = [TodoType.MARKS_OPEN, TodoType.MARKS_TO_CONFIRM];

/** The dialog's columns for a type: an invitation, an applicant, a page of marks, a step, or a chapter a row. */
function columnsOf<C>(
  type: number | null,
  by: { invitation: C; applicant: C; marks: C; step: C; chapter: C },
): C {
  if (type === TodoType.TEAM_INVITATION) return by.invitation;
  if (type === TodoType.APPLICANT) return by.applicant;
  if (type !== null && MARK_TYPES.includes(type)) return by.marks;
  if (type !== null && STEP_TYPES.includes(type)) return by.step;
  return by.chapter;
}
