/**
 * RFC 4180 CSV. A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a
 * leading apostrophe: these cells hold what candidates typed.
 */
export type Cell = string | number | boolean | null | undefined;

function formatCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows]
    .map((row) => row.map(formatCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}
