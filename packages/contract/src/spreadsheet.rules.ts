/** First characters that make a spreadsheet read a cell as a formula (or DDE): = + - @, and tab/CR. */
const formulaStarters = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Neutralises a text cell of an exported spreadsheet (OWASP CSV/formula injection): text beginning
 * with = + - @ (or tab, CR) gets a leading apostrophe so the spreadsheet shows it as text.
 */
export function neutralizeSpreadsheetCell(value: string): string {
  return value.length > 0 && formulaStarters.has(value[0]!) ? `'${value}` : value;
}

/** An export's file name with the date: `log-aktivitas-2026-05-02.xlsx`. */
export function exportFileName(base: string, date: string, extension = 'xlsx'): string {
  return `${base}-${date}.${extension}`;
}
