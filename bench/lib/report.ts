/** One line of the table: a figure of the product beside the baseline measured in the same run. */
export interface Row {
  /** Which measurement it belongs to: issue 8's four, issue 23's crowd and issue 57's insights. */
  group: 'pages' | 'typing' | 'api' | 'upload' | 'crowd' | 'insights';
  name: string;
  value: number;
  unit: string;
  /** Extra words shown after the value, e.g. the JS and CSS split of a byte count. */
  detail?: string;
  baseline?: { label: string; value: number; detail?: string };
  /** The goals for this figure; absent where the issue sets none. */
  goals?: Goal[];
}

export interface Goal {
  text: string;
  met: boolean;
}

/** A measurement that could not be taken; it is reported in the table instead of stopping the run. */
export interface Failure {
  group: Row['group'];
  error: string;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile: a value that was really measured, never an interpolation. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function ratio(row: Row): number | undefined {
  return row.baseline && row.baseline.value !== 0 ? row.value / row.baseline.value : undefined;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function withUnit(value: number, unit: string, detail?: string): string {
  const text = unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
  return detail ? `${text} (${detail})` : text;
}

function goalText(goals: readonly Goal[]): string {
  if (goals.length < 2) return goals[0]?.text ?? '';
  return goals.map((goal) => `${goal.text} (${goal.met ? 'yes' : 'NO'})`).join(', ');
}

function metText(goals: readonly Goal[]): string {
  if (goals.length === 0) return '';
  const met = goals.filter((goal) => goal.met).length;
  return met === goals.length ? 'yes' : met === 0 ? 'NO' : 'partly';
}

export function formatTable(rows: readonly Row[], failures: readonly Failure[]): string {
  const header = ['measurement', 'value', 'baseline', 'ratio', 'goal', 'met?'];
  const lines = rows.map((row) => {
    const r = ratio(row);
    return [
      `${row.group}: ${row.name}`,
      withUnit(row.value, row.unit, row.detail),
      row.baseline ? `${row.baseline.label} ${withUnit(row.baseline.value, row.unit, row.baseline.detail)}` : '',
      r === undefined ? '' : `${r.toFixed(2)}×`,
      goalText(row.goals ?? []),
      metText(row.goals ?? []),
    ];
  });
  for (const failure of failures) {
    lines.push([`${failure.group}: not measured`, failure.error.split('\n')[0] ?? '', '', '', '', 'error']);
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' │ ')
      .trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('─┼─');
  return [render(header), rule, ...lines.map(render)].join('\n');
}
