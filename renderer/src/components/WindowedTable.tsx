import { memo, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Column, TableProps, TableRecord } from './DataTable';
import './data-table.css';

/** Every row is this tall (CSS holds it to the same figure), so the rows in view follow from the scroll offset. */
export const ROW_HEIGHT = 36;
/** Rows drawn beyond each edge of the view, so a quick scroll does not show blank space. */
const OVERSCAN = 8;
/** Rows drawn before the container has been measured. */
const FIRST_VIEW = 20;

/** One row, re-rendered only when its record (or the columns) change: a new sale leaves the others alone. */
const Row = memo(function Row<T extends TableRecord>({
  row,
  index,
  columns,
}: {
  readonly row: T;
  readonly index: number;
  readonly columns: readonly Column<T>[];
}): ReactNode {
  return (
    <tr className={`state-${row.state}`} aria-rowindex={index + 2}>
      {columns.map((column) => (
        <td key={column.header} className={column.className} dir={column.dir}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}) as <T extends TableRecord>(props: {
  readonly row: T;
  readonly index: number;
  readonly columns: readonly Column<T>[];
}) => ReactNode;

/** Empty room standing for rows out of view, so the scroll bar spans the whole day. */
function Spacer({ rows }: { readonly rows: number }): ReactNode {
  if (rows <= 0) return null;
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an empty spacer, not a row of the table
    <tr role="presentation" className="table-spacer" style={{ height: rows * ROW_HEIGHT }} />
  );
}

export interface WindowedTableProps<T extends TableRecord> extends TableProps<T> {
  /** Rows of the whole list when only its first `rows` are loaded; the scroll bar spans them all. */
  readonly total?: number | undefined;
  /** Asked for the rows after the loaded ones once the view comes near their end. */
  readonly onNearEnd?: (() => void) | undefined;
}

/**
 * A journal table that puts in the page only the rows in view (and a few either side), so a day of
 * thousands of sales costs a sale event what a day of ten does. Screen readers still hear the whole
 * count (aria-rowcount) and each row's place in it (aria-rowindex). Pass columns that keep their identity
 * between renders (useMemo) or every row re-renders. A list loaded in pages gives its `total` and
 * `onNearEnd`.
 */
export function WindowedTable<T extends TableRecord>({
  caption,
  columns,
  rows,
  total,
  onNearEnd,
}: WindowedTableProps<T>): ReactNode {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(FIRST_VIEW * ROW_HEIGHT);
  const firstId = useRef<string | undefined>(rows[0]?.id);

  // A sale joining the top pushes the rest down by one row: a cashier scrolled down keeps seeing the same rows.
  useLayoutEffect(() => {
    const element = scroller.current;
    const before = firstId.current;
    firstId.current = rows[0]?.id;
    if (!element || before === undefined || rows[0]?.id === before || element.scrollTop === 0) return;
    const moved = rows.findIndex((row) => row.id === before);
    if (moved > 0) {
      element.scrollTop += moved * ROW_HEIGHT;
      setScrollTop(element.scrollTop);
    }
  }, [rows]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = (): void => setViewHeight(element.clientHeight || FIRST_VIEW * ROW_HEIGHT);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const count = Math.max(total ?? 0, rows.length);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const end = Math.ceil((scrollTop + viewHeight) / ROW_HEIGHT) + OVERSCAN;
  const last = Math.min(rows.length, end);
  const shown = rows.slice(first, last);
  // A view within a screenful of the loaded rows' end asks for more, again after each page arrives.
  useEffect(() => {
    if (rows.length < count && end + FIRST_VIEW >= rows.length) onNearEnd?.();
  }, [rows.length, count, end, onNearEnd]);

  return (
    <div
      ref={scroller}
      className="table-window"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <table className="table" aria-rowcount={count + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.hiddenHeader ? (
                  <span className="visually-hidden">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Spacer rows={first} />
          {shown.map((row, offset) => (
            <Row key={row.id} row={row} index={first + offset} columns={columns} />
          ))}
          <Spacer rows={count - Math.max(first, last)} />
        </tbody>
      </table>
    </div>
  );
}
