import { useId } from 'react';
import type { FigureTable } from '../lib/insight-tables.ts';
import { BarChart } from './BarChart.tsx';
import { ColumnChart } from './ColumnChart.tsx';
import { CsvDownloadButton } from './CsvDownloadButton.tsx';
import { FigureTableView } from './FigureTableView.tsx';

/**
 * One figure of the Insights: its chart (if it has one), its table beside it, and its CSV. All
 * three are drawn from the same table, so they hold the same numbers.
 */
export function InsightFigure({
  table,
  chart = 'bars',
  fileName,
  children,
}: {
  table: FigureTable;
  chart?: 'bars' | 'columns';
  /** The CSV's name, without `.csv`: the scope and period are in it. */
  fileName: string;
  /** What the figure means, in words. */
  children?: React.ReactNode;
}) {
  const id = useId();
  const charted = table.charted.length > 0;
  return (
    <section className="insight-figure" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{table.title}</h3>
      {children}
      <div className={charted ? 'insight-figure-body' : undefined}>
        {charted && (
          <div>
            {table.charted.length > 1 && (
              <p className="chart-legend" aria-hidden="true">
                {table.charted.map((column, index) => (
                  <span key={column} className={`chart-key chart-series-${index}`}>
                    {table.columns[column + 1]}
                  </span>
                ))}
              </p>
            )}
            {chart === 'bars' ? (
              <BarChart table={table} titleId={`${id}-chart`} />
            ) : (
              <ColumnChart table={table} titleId={`${id}-chart`} />
            )}
          </div>
        )}
        <FigureTableView table={table} />
      </div>
      <CsvDownloadButton table={table} fileName={`${fileName}-${table.name}`} />
    </section>
  );
}
