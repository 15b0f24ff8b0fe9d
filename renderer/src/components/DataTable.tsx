import type { ReactNode } from 'react';
import './data-table.css';

export interface Column<T> {
  readonly header: string;
  /** Shown to screen readers only (e.g. a column of buttons). */
  readonly hiddenHeader?: boolean;
  readonly cell: (row: T) => ReactNode;
  readonly className?: string;
  readonly dir?: 'ltr';
}

/** A journal record as a table shows it: keyed by id, coloured by its state. */
export interface TableRecord {
  readonly id: string;
  readonly state: string;
}

export interface TableProps<T extends TableRecord> {
  readonly caption: string;
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
}

/** A journal table: one row per record, coloured by its state. */
export function DataTable<T extends TableRecord>({ caption, columns, rows }: TableProps<T>): ReactNode {
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={`state-${row.state}`}>
            {columns.map((column) => (
              <td key={column.header} className={column.className} dir={column.dir}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
