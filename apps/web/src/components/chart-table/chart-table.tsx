import type { ReactNode, RefObject } from 'react';
import './chart-table.css';

interface ChartTableProps {
  /** The scrolling box, for scrolling to today. */
  boxRef: RefObject<HTMLElement | null>;
  /** The region's name for screen readers. */
  label: string;
  /** Width of the words' column and of the days' track, px. */
  labelWidth: number;
  width: number;
  /** The words' column heading, and the days' heading (months or days). */
  corner: ReactNode;
  head: ReactNode;
  className?: string;
  /** The rows: each a `<th scope="row" className="koma-chart-label">` and a `<td>` with its track. */
  children: ReactNode;
}

/**
 * A chart over days as a table: a sticky column of words beside a track the width of the days,
 * scrolling sideways in its own box so the page never does on a narrow screen. The chapter's
 * schedule and the editor's timeline draw on it.
 */
export function ChartTable({
  boxRef,
  label,
  labelWidth,
  width,
  corner,
  head,
  className,
  children,
}: ChartTableProps) {
  return (
    <section
      ref={boxRef}
      className="koma-chart-scroll"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
    >
      <table
        className={`koma-chart-grid${className ? ` ${className}` : ''}`}
        style={{ width: width + labelWidth }}
      >
        <colgroup>
          <col style={{ width: labelWidth }} />
          <col style={{ width }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="koma-chart-label">
              {corner}
            </th>
            <th scope="col" className="koma-chart-head">
              {head}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
