// CSV cells as RFC 4180 writes them, shared by the catalogue export (core/catalog/catalogue-csv-writer.ts)
// and the orders export (core/reports/orders-csv.ts).

type Cell = string | number | undefined | null;

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvCell(value: Cell): string {
  const text = value === undefined || value === null ? "" : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * Text a spreadsheet must show as text, not run: a cell that starts with `=`, `+`, `-` or `@` (or a
 * tab or carriage return, which some spreadsheets skip before reading one of those) is a formula to
 * Excel, LibreOffice and Google Sheets, so a customer's email such as `=HYPERLINK(…)` would become a
 * link or a command. A leading `'` makes it text (OWASP, "CSV Injection"). Only for files meant for
 * spreadsheets: the catalogue file is read back by the import, which would keep the quote.
 */
export function spreadsheetText(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
