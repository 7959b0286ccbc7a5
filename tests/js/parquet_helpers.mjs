// A table written both as CSV and as Parquet, by another library than the one onepass reads
// Parquet with (hyparquet-writer), for the node and browser tests of Parquet files.
import { parquetWriteBuffer } from 'hyparquet-writer';

/** A table of every kind of column, as a CSV writer and as a Parquet writer write it: numbers
 * with their digits as a CSV shows them (`1.500`), 32-bit floats (`37.21`, a float whose double
 * is 37.209999084472656), integers of 32 and 64 bits, a category with a
 * comma in a value, a text column, missing cells (empty in the CSV, null in Parquet) and a label
 * of words. */
export function mixedTable(n) {
  let s = 7;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const cities = ['Paris', 'New York, NY', 'Lyon', 'Oslo'];
  const words = ['great', 'refund', 'slow', 'broken', 'fine', 'love', 'late', 'again'];
  const rows = [];
  for (let i = 0; i < n; i++) {
    const x = (rand() * 10 - 5).toFixed(3);
    const age = Math.floor(rand() * 60) + 18;
    const visits = BigInt(Math.floor(rand() * 1000));
    const score = (rand() * 100).toFixed(2);
    const city = rand() < 0.05 ? null : cities[Math.floor(rand() * cities.length)];
    const review = Array.from(
      { length: 3 + Math.floor(rand() * 4) },
      () => words[Math.floor(rand() * words.length)],
    ).join(' ');
    const y =
      Number(x) +
        Number(score) / 50 -
        1 +
        (city === 'Oslo' ? 2 : 0) +
        (review.includes('great') ? 1 : 0) >
      0.5;
    rows.push({
      x: rand() < 0.03 ? null : x,
      age,
      visits,
      score,
      city,
      review,
      y: y ? 'yes' : 'no',
    });
  }
  const quote = (v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const names = ['x', 'age', 'visits', 'score', 'city', 'review', 'y'];
  const csv =
    names.join(',') +
    '\n' +
    rows
      .map((r) => names.map((k) => (r[k] === null ? '' : quote(String(r[k])))).join(','))
      .join('\n') +
    '\n';
  const parquet = parquetWriteBuffer({
    columnData: [
      { name: 'x', data: rows.map((r) => (r.x === null ? null : Number(r.x))), type: 'DOUBLE' },
      { name: 'age', data: rows.map((r) => r.age), type: 'INT32' },
      { name: 'visits', data: rows.map((r) => r.visits), type: 'INT64' },
      { name: 'score', data: rows.map((r) => Math.fround(Number(r.score))), type: 'FLOAT' },
      { name: 'city', data: rows.map((r) => r.city), type: 'STRING' },
      { name: 'review', data: rows.map((r) => r.review), type: 'STRING' },
      { name: 'y', data: rows.map((r) => r.y), type: 'STRING' },
    ],
    rowGroupSize: 1000,
  });
  return { csv: new TextEncoder().encode(csv), parquet: new Uint8Array(parquet) };
}
