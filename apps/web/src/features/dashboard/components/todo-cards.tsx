import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFacts, CardList } from '../../../components/card-list/card-list';
import type { TodoItem } from '../api/todo';
import { type TodoFact, todoKey } from './todo-facts';

interface TodoCardsProps {
  items: TodoItem[];
  facts: TodoFact[];
  pending: boolean;
  /** Where a tap on the card leads (the item's 処理へ), null when the answer is the buttons alone. */
  destination: (item: TodoItem) => string | null;
  onOpen: (to: string) => void;
  actions: (item: TodoItem) => ReactNode;
  label: string;
}

/**
 * The to-do items on a phone (issue 40 #6): a card each, its project in full as its title, every
 * fact of the table's row and its actions full width under them, all inside the screen. The title
 * is a button stretched over the card, so a tap anywhere on the card opens the item; the actions
 * lie above it.
 */
export function TodoCards({ items, facts, pending, destination, onOpen, actions, label }: TodoCardsProps) {
  const { t } = useTranslation();
  return (
    <CardList
      items={items}
      itemKey={todoKey}
      label={label}
      empty={t('dashboard.noTasks')}
      pending={pending}
      renderItem={(item) => {
        const to = destination(item);
        return (
          <div className="koma-todo-card">
            {to ? (
              <button type="button" className="koma-todo-card-open" onClick={() => onOpen(to)}>
                {item.project_title}
              </button>
            ) : (
              <strong className="koma-todo-card-title">{item.project_title}</strong>
            )}
            <CardFacts facts={facts.map((f) => ({ key: f.key, label: f.label, value: f.value(item) }))} />
            <div className="koma-todo-card-actions">{actions(item)}</div>
          </div>
        );
      }}
    />
  );
}
