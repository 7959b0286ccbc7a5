// A table written both as CSV and as Arrow IPC by apache-arrow, for the node and browser tests of
// Arrow input (docs/design.md, "Arrow tables").
import * as arrow from 'apache-arrow';

/** A table of every kind of column apache-arrow writes, in three record batches, as a Table and
 * as the CSV a CSV writer writes for it: doubles with missing values, 32-bit floats (`37.21`), 32-
 * and 64-bit integers, a category as a dictionary (with a comma in a value) and as plain UTF-8
 * text, booleans, a date (days) and a timestamp (milliseconds, written in ISO 8601), missing
 * cells (empty in the CSV, null in Arrow) and a label of words. */
export function arrowTable(n) {
  let s = 11;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const cities = ['Paris', 'New York, NY', 'Lyon', 'Oslo'];
  const words = ['great', 'refund', 'slow', 'broken', 'fine', 'love', 'late', 'again'];
  const day0 = Date.UTC(2024, 0, 1);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const x = rand() < 0.03 ? null : Math.round((rand() * 10 - 5) * 1000) / 1000;
    const score = (Math.round(rand() * 10000) / 100).toFixed(2);
    const city = rand() < 0.05 ? null : cities[Math.floor(rand() * cities.length)];
    const review = Array.from(
      { length: 3 + Math.floor(rand() * 4) },
      () => words[Math.floor(rand() * words.length)],
    ).join(' ');
    const flag = rand() < 0.05 ? null : rand() < 0.4;
    const day = rand() < 0.02 ? null : new Date(day0 + Math.floor(rand() * 700) * 86_400_000);
    const at = new Date(day0 + Math.floor(rand() * 600 * 86_400) * 1000);
    const y = (x ?? 0) + Number(score) / 50 - 1 + (city === 'Oslo' ? 2 : 0) + (flag ? 1 : 0) > 0.5;
    rows.push({
      x,
      age: Math.floor(rand() * 60) + 18,
      visits: BigInt(Math.floor(rand() * 1000)),
      score,
      city,
      review,
      flag,
      day,
      at,
      y: y ? 'yes' : 'no',
    });
  }
  const columns = {
    x: [new arrow.Float64(), (r) => r.x],
    age: [new arrow.Int32(), (r) => r.age],
    visits: [new arrow.Int64(), (r) => r.visits],
    score: [new arrow.Float32(), (r) => Number(r.score)],
    city: [new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32()), (r) => r.city],
    review: [new arrow.Utf8(), (r) => r.review],
    flag: [new arrow.Bool(), (r) => r.flag],
    day: [new arrow.DateDay(), (r) => r.day],
    at: [new arrow.TimestampMillisecond(), (r) => r.at],
    y: [new arrow.Utf8(), (r) => r.y],
  };
  const whole = new arrow.Table(
    Object.fromEntries(
      Object.entries(columns).map(([name, [type, get]]) => [
        name,
        arrow.vectorFromArray(rows.map(get), type),
      ]),
    ),
  );
  const third = Math.floor(n / 3);
  const table = whole.slice(0, third).concat(whole.slice(third, 2 * third), whole.slice(2 * third));
  const text = (v) => {
    if (v === null) return '';
    if (v instanceof Date) return v.toISOString();
    const t = String(v);
    return /[",\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
  };
  const names = Object.keys(columns);
  const csv =
    names.join(',') +
    '\n' +
    rows
      .map((r) =>
        names.map((k) => (k === 'day' && r.day ? r.day.toISOString().slice(0, 10) : text(r[k]))),
      )
      .map((cells) => cells.join(','))
      .join('\n') +
    '\n';
  return {
    table,
    csv: new TextEncoder().encode(csv),
    file: arrow.tableToIPC(table, 'file'),
    stream: arrow.tableToIPC(table, 'stream'),
  };
}
