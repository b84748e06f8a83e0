// CSV cells a spreadsheet shows as text (OWASP "CSV injection"): a cell that starts with = + - @
// tab or CR gets a leading single quote, so Excel, LibreOffice or Sheets do not evaluate it as a
// formula. Every CSV export of the console passes its cells through safeCsvCell
// (docs/console.md#audit-log).
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as text a spreadsheet will not evaluate; null and undefined become empty. */
export function safeCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}
