import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { cellText, FEWER_THAN_5, type FigureTable } from '../lib/insight-tables.ts';

const WIDTH = 640;
const LEFT = 230;
const RIGHT = 24;
const TOP = 8;
const BOTTOM = 36;
const BAR = 18;
const GAP = 14;

/**
 * The charted columns of a table as horizontal bars, one group per row. A figure the server hid
 * gets no bar, only the words "fewer than 5": a bar of any length would tell more than that. The
 * drawing is for the eye; its figures, for every reader, are in the table beside it.
 */
export function BarChart({ table, titleId }: { table: FigureTable; titleId: string }) {
  const series = table.charted;
  const values = table.rows.flatMap((row) => series.map((column) => row.cells[column]?.value ?? 0));
  const groupHeight = series.length * BAR + GAP;
  const height = TOP + table.rows.length * groupHeight + BOTTOM;
  const x = scaleLinear({ domain: [0, Math.max(1, ...values)], range: [0, WIDTH - LEFT - RIGHT], nice: true });
  const y = scaleBand({
    domain: table.rows.map((row) => row.label),
    range: [0, table.rows.length * groupHeight],
    paddingInner: GAP / groupHeight,
  });
  return (
    <svg
      className="insight-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={titleId}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={titleId}>{`${table.title}: a chart of the figures in the table beside it`}</title>
      <Group left={LEFT} top={TOP} aria-hidden="true">
        {table.rows.map((row) =>
          series.map((column, index) => {
            const cell = row.cells[column];
            const top = (y(row.label) ?? 0) + index * BAR;
            if (!cell || cell.value === null) {
              return (
                <text key={`${row.label}-${column}`} className="chart-hidden" x={4} y={top + BAR - 5}>
                  {FEWER_THAN_5}
                </text>
              );
            }
            const length = x(cell.value);
            return (
              <Group key={`${row.label}-${column}`}>
                <Bar className={`chart-bar chart-series-${index}`} x={0} y={top} width={length} height={BAR - 2} />
                <text className="chart-value" x={length + 4} y={top + BAR - 5}>
                  {cellText(cell)}
                </text>
              </Group>
            );
          }),
        )}
        <AxisLeft
          scale={y}
          hideTicks
          axisLineClassName="chart-axis"
          tickLabelProps={{ className: 'chart-label', width: LEFT - 12, verticalAnchor: 'middle', textAnchor: 'end' }}
        />
        <AxisBottom
          top={table.rows.length * groupHeight}
          scale={x}
          numTicks={5}
          axisLineClassName="chart-axis"
          tickClassName="chart-tick"
          tickLabelProps={{ className: 'chart-label', textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}
