import { LIMITS, TodoType } from '@koma/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Pagination, Table, type TableColumnsType } from 'antd';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../lib/query-keys';
import { usePhone } from '../../../lib/use-phone';
import { dealInvitation } from '../api/deal-invitation';
import { type TodoItem, type TodoSummary, useTodoList } from '../api/todo';
import { projectDetailsPath, todoDestination } from '../lib/todo-destinations';
import { TodoCards } from './todo-cards';
import { todoFacts, todoKey } from './todo-facts';

/**
 * The tasks of one type, 10 per page, each with 処理へ (or accept / refuse for type 11): a table
 * on a desk, whose row opens the item as 処理へ does; cards on a phone (todo-cards.tsx).
 */
export function TodoDialog({ summary, onClose }: { summary: TodoSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = usePhone();
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

  const destination = (item: TodoItem) =>
    type === null || type === TodoType.EDITOR_INVITATION ? null : todoDestination(type, item);
  // On a phone the buttons are a finger wide and high (44 px) and share the card's width.
  const size = phone ? 'large' : 'small';
  const action = (item: TodoItem) => {
    if (type === TodoType.EDITOR_INVITATION) {
      return (
        <Flex gap={8} className="koma-todo-actions">
          <Button type="primary" size={size} onClick={() => void answer(item, 1)}>
            {t('dashboard.todo.accept')}
          </Button>
          <Button danger size={size} onClick={() => void answer(item, 2)}>
            {t('dashboard.todo.refuse')}
          </Button>
        </Flex>
      );
    }
    const to = destination(item);
    return to ? (
      <Button type="primary" size={size} className="koma-todo-actions" onClick={() => navigate(to)}>
        {t('dashboard.todo.go')}
      </Button>
    ) : null;
  };

  const facts = todoFacts(type, t);
  const columns: TableColumnsType<TodoItem> = [
    { key: 'project', title: t('dashboard.todo.project'), dataIndex: 'project_title' },
    ...facts.map((f) => ({
      key: f.key,
      title: f.label,
      render: (_: unknown, item: TodoItem) => f.value(item),
    })),
    { key: 'action', title: t('dashboard.todo.action'), render: (_, item) => action(item) },
  ];
  // The count in the unit the title names, from the list's own query: the tile shows the same.
  const cnt = list.data?.cnt;
  const title = summary
    ? cnt === undefined
      ? summary.type_desc
      : t('dashboard.todo.countOf', { title: summary.type_desc, count: cnt })
    : null;
  const items = list.data?.list ?? [];
  const pagination = {
    current: page,
    pageSize: LIMITS.todoPageSize,
    total: list.data?.total ?? 0,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: setPage,
  };

  return (
    <Modal
      open={summary !== null}
      width={1000}
      title={title}
      wrapClassName="koma-todo-dialog"
      onCancel={close}
      footer={<Button onClick={close}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      {phone ? (
        <Flex vertical gap={12}>
          <TodoCards
            items={items}
            facts={facts}
            pending={list.isFetching}
            destination={destination}
            onOpen={navigate}
            actions={action}
            label={summary?.type_desc ?? ''}
          />
          <Pagination simple align="center" {...pagination} />
        </Flex>
      ) : (
        <Table<TodoItem>
          size="small"
          rowKey={todoKey}
          columns={columns}
          dataSource={items}
          loading={list.isFetching}
          locale={{ emptyText: t('dashboard.noTasks') }}
          scroll={{ x: 800 }}
          rowClassName={(item) => (destination(item) ? 'koma-todo-row-open' : '')}
          onRow={(item) => ({ onClick: (event) => openRow(event, destination(item), navigate) })}
          pagination={pagination}
        />
      )}
    </Modal>
  );
}

/**
 * A click on a row opens the item as its 処理へ does; a click on a button in the row is the
 * button's. The keyboard reaches the same place through 処理へ.
 */
function openRow(event: MouseEvent, to: string | null, navigate: (to: string) => void) {
  if (!to || (event.target as Element).closest('button, a')) return;
  navigate(to);
}
