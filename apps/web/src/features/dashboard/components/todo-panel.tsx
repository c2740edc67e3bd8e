import { Card, Col, Empty, Row, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TodoSummary, useTodoAggregate } from '../api/todo';
import { TodoDialog } from './todo-dialog';
import './dashboard.css';

/** TODO一覧 (roles 1, 2, 4, 5, 7): a tile per task type with its count; a click lists the tasks. */
export function TodoPanel() {
  const { t } = useTranslation();
  const aggregate = useTodoAggregate(true);
  const [open, setOpen] = useState<TodoSummary | null>(null);
  const tiles = (aggregate.data?.list ?? []).filter((item) => item.cnt > 0);

  return (
    <Card title={<h2 className="koma-card-heading">{t('dashboard.todoTitle')}</h2>}>
      {aggregate.isPending ? (
        <Spin description={t('common.loading')}>
          <div style={{ height: 60 }} />
        </Spin>
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
      <TodoDialog summary={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
