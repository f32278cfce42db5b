/**
 * RFC 4180 CSV. A cell that a spreadsheet would run as a formula gets a leading apostrophe: these
 * cells hold what candidates typed. Formulas start with =, +, -, @ (or their full-width forms,
 * which some spreadsheets read alike), also after leading tabs, line breaks or spaces.
 */
export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;

function formatCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its line break. */
export function csvLine(cells: Cell[]): string {
  return `${cells.map(formatCell).join(',')}\r\n`;
}
