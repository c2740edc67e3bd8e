import { Card, Col, Empty, Row } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { OpenedOnce } from '../../../components/opened-once';
import { type TodoSummary, useTodoAggregate } from '../api/todo';
import './dashboard.css';

/** The task list (an antd Table) loads when a tile is first opened. */
const TodoDialog = lazy(() => import('./todo-dialog').then((m) => ({ default: m.TodoDialog })));

/** TODO一覧 (roles 1, 2, 4, 5, 7): a tile per task type with its count; a click lists the tasks. */
export function TodoPanel() {
  const { t } = useTranslation();
  const aggregate = useTodoAggregate(true);
  const [open, setOpen] = useState<TodoSummary | null>(null);
  const tiles = (aggregate.data?.list ?? []).filter((item) => item.cnt > 0);

  return (
    <Card title={<h2 className="koma-card-heading">{t('dashboard.todoTitle')}</h2>}>
      {/* One height for loading, empty and one row of tiles: the panels below do not move. */}
      <div className="koma-todo-body">
        {aggregate.isPending ? (
          <LoadingSkeleton rows={2} />
        ) : tiles.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noTasks')} />
        ) : (
          <Row gutter={[12, 12]} role="list">
            {tiles.map((item) => (
              <Col xs={12} md={8} xl={6} key={item.type} role="listitem">
                <button type="button" className="koma-todo-tile" onClick={() => setOpen(item)}>
                  <span className="koma-todo-count">{item.cnt}</span>
                  <span className="koma-todo-desc">{item.type_desc}</span>
                </button>
              </Col>
            ))}
          </Row>
        )}
      </div>
      <OpenedOnce open={open !== null}>
        <TodoDialog summary={open} onClose={() => setOpen(null)} />
      </OpenedOnce>
    </Card>
  );
}
