import { cellText, type FigureTable } from '../lib/insight-tables.ts';

/**
 * A chart's figures as a table, in a region the keyboard reaches (Tab) and scrolls (arrow keys)
 * when it is taller or wider than its place.
 */
export function FigureTableView({ table }: { table: FigureTable }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that may scroll must take focus, or the keyboard cannot scroll it (axe: scrollable-region-focusable).
    <section className="insight-table" tabIndex={0} aria-label={`${table.title}, table`}>
      <table className="data-table">
        <caption className="visually-hidden">{table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((column, index) => (
              <th key={column} scope="col" className={index === 0 ? undefined : 'number'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, fixed in number and order.
                <td key={index} className={cell.value === null ? 'number muted' : 'number'}>
                  {cellText(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
