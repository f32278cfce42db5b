import { type FigureTable, tableCsv } from '../lib/insight-tables.ts';

/**
 * The table's figures as a CSV file, made in the page from the same figures the table shows (no
 * second request, so the file and the page can never differ).
 */
export function CsvDownloadButton({ table, fileName }: { table: FigureTable; fileName: string }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName}.csv`;
    link.click();
    // Once the download has started with it.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <button type="button" className="button" onClick={download} aria-label={`Download CSV: ${table.title}`}>
      Download CSV
    </button>
  );
}
