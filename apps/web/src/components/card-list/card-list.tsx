import type { ReactNode } from 'react';
import { tableEmpty } from '../table-empty';
import './card-list.css';

interface CardListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => number | string;
  /** Names the list as the table it replaces was named. */
  label: string;
  /** What an empty list says (the table's empty text), a skeleton while `pending`. */
  empty: string;
  pending?: boolean;
  renderItem: (item: T, index: number) => ReactNode;
}

/**
 * A table's rows as cards, one under another, for a phone (issue 30 §5): every fact and every
 * action of a row stays, in the screen's width, in the order a keyboard reaches them.
 */
export function CardList<T>({ items, itemKey, label, empty, pending = false, renderItem }: CardListProps<T>) {
  if (items.length === 0) return <div className="koma-card-list-empty">{tableEmpty(empty, pending)}</div>;
  return (
    <ul className="koma-card-list" aria-label={label}>
      {items.map((item, index) => (
        <li key={itemKey(item)} className="koma-card-list-item">
          {renderItem(item, index)}
        </li>
      ))}
    </ul>
  );
}

/** A card's facts: a label and its value per line, as the table's heading and cell. */
export function CardFacts({ facts }: { facts: { key: string; label: string; value: ReactNode }[] }) {
  return (
    <dl className="koma-card-facts">
      {facts.map((fact) => (
        <div key={fact.key}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
