import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { FigureTable } from '../lib/insight-tables.ts';

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 40;
const RIGHT = 12;
const TOP = 8;
const BOTTOM = 36;

/**
 * The charted columns of a table over time, one group of columns per row (a day). A figure the
 * server hid has no column: the table beside it says "fewer than 5".
 */
export function ColumnChart({ table, titleId }: { table: FigureTable; titleId: string }) {
  const series = table.charted;
  const values = table.rows.flatMap((row) => series.map((column) => row.cells[column]?.value ?? 0));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = scaleBand({ domain: table.rows.map((row) => row.label), range: [0, WIDTH - LEFT - RIGHT], padding: 0.2 });
  const inner = scaleBand({ domain: series.map(String), range: [0, x.bandwidth()] });
  const y = scaleLinear({ domain: [0, Math.max(1, ...values)], range: [plotHeight, 0], nice: true });
  // At most about eight dates under the axis, whatever the period's length.
  const every = Math.max(1, Math.ceil(table.rows.length / 8));
  return (
    <svg className="insight-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{`${table.title}: a chart of the figures in the table beside it`}</title>
      <Group left={LEFT} top={TOP} aria-hidden="true">
        {table.rows.map((row) =>
          series.map((column, index) => {
            const value = row.cells[column]?.value;
            if (value === null || value === undefined) return null;
            return (
              <Bar
                key={`${row.label}-${column}`}
                className={`chart-bar chart-series-${index}`}
                x={(x(row.label) ?? 0) + (inner(String(column)) ?? 0)}
                y={y(value)}
                width={inner.bandwidth()}
                height={plotHeight - y(value)}
              />
            );
          }),
        )}
        <AxisLeft scale={y} numTicks={4} axisLineClassName="chart-axis" tickLabelProps={{ className: 'chart-label' }} />
        <AxisBottom
          top={plotHeight}
          scale={x}
          axisLineClassName="chart-axis"
          tickValues={table.rows.filter((_, index) => index % every === 0).map((row) => row.label)}
          tickFormat={(day) => day.slice(5)}
          tickLabelProps={{ className: 'chart-label', textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}
