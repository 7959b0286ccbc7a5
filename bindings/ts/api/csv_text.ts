// A table's rows as the CSV text a CSV writer such as pandas' writes for them, so that a Parquet
// file (parquet.ts) or an Arrow table (arrow.ts) learns as its CSV does (docs/design.md,
// "Parquet files").

/** Text handed on at a time: a row group of a million rows is not one string. */
const TEXT_BYTES = 1 << 20;

/** Lines of CSV text gathered into pieces of about TEXT_BYTES. */
export class TextOutput {
  private parts: string[] = [];
  private length = 0;
  private readonly encoder = new TextEncoder();

  constructor(private readonly float32: readonly boolean[]) {}

  *line(cells: readonly unknown[]): Generator<Uint8Array> {
    const text = cells.map((v, j) => cell(v, this.float32[j])).join(',') + '\n';
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= TEXT_BYTES) yield* this.flush();
  }

  *flush(): Generator<Uint8Array> {
    if (!this.parts.length) return;
    const text = this.parts.join('');
    this.parts = [];
    this.length = 0;
    yield this.encoder.encode(text);
  }
}

/** A value as a CSV cell, as a CSV writer such as pandas' writes it: a missing value (null, NaN)
 * empty, a number as its shortest digits that read back to the same double (a 32-bit float's to
 * the same float), a date in ISO 8601, a list or struct as JSON. A cell with a quote, a line break
 * or any delimiter the reader might detect is quoted, so the text always splits at its commas. */
export function cell(value: unknown, float32 = false): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return '';
    if (Object.is(value, -0)) return '-0'; // String(-0) is '0': the sign would be lost
    return float32 ? floatDigits(value) : String(value);
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') text = value;
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    text = value.toISOString();
  } else if (value instanceof Uint8Array) text = new TextDecoder().decode(value);
  else text = JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v));
  return /[",;\t|\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A 32-bit float's shortest digits that read back to it (`0.1`, where the double it is holds
 * `0.10000000149011612`): what numpy, pandas and Arrow write for a float column, so that its CSV
 * and its Parquet file give the reader the same number. Nine digits always read back. */
function floatDigits(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(x.toPrecision(digits));
    if (Math.fround(shorter) === x) return String(shorter);
  }
  return String(Number(x.toPrecision(9)));
}
