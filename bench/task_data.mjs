// The data sets of `npm run quality`'s multiclass and regression part (bench/quality_tasks.mjs):
// tables of the npm package vega-datasets (a devDependency; credits in docs/quality.md) and
// seeded generated streams. Each set is { name, task, source, columns, label, rows }: columns
// [{ name, kind: 'num' | 'cat' }], rows arrays of cells (strings, '' for a missing cell) with the
// label last. Rows without a label are left out here, so every row is a row of the task.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const vegaData = join(
  dirname(createRequire(import.meta.url).resolve('vega-datasets')),
  '..',
  'data',
);
const json = (file) => JSON.parse(readFileSync(join(vegaData, file), 'utf8'));
/** A CSV of vega-datasets without quoted fields (seattle-weather.csv) as objects. */
function csvObjects(file) {
  const [head, ...lines] = readFileSync(join(vegaData, file), 'utf8').trim().split('\n');
  const names = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, j) => [names[j], v])));
}

const cellOf = (v) => (v === null || v === undefined || v === '' ? '' : String(v));
const num = (name) => ({ name, kind: 'num' });
const cat = (name) => ({ name, kind: 'cat' });

/** A set from objects: the columns' cells in order, the label last; rows without one left out. */
function table(name, task, source, columns, label, objects, get = (o, c) => o[c]) {
  const rows = [];
  for (const o of objects) {
    const y = cellOf(get(o, label));
    if (y === '') continue;
    rows.push([...columns.map((c) => cellOf(get(o, c.name))), y]);
  }
  return { name, task, source, columns, label, rows };
}

/** mulberry32: the seeded generator of the splits and the generated streams. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller) from a uniform generator. */
function gauss(r) {
  const u = 1 - r();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

/** Numbers written with 6 significant digits, as a file would hold them. */
const g6 = (x) => String(Number(x.toPrecision(6)));

const month = (date) => `m${date.slice(5, 7)}`;
const yearOf = (date) => date.slice(0, 4);

// ------------------------------------------------------------------ multiclass
function penguins() {
  const cols = ['Island', 'Beak Length (mm)', 'Beak Depth (mm)', 'Flipper Length (mm)'];
  return table(
    'penguins',
    'multiclass',
    'vega-datasets penguins.json',
    [cat(cols[0]), num(cols[1]), num(cols[2]), num(cols[3]), num('Body Mass (g)'), cat('Sex')],
    'Species',
    json('penguins.json'),
  );
}

function seattleWeather() {
  // The weather of the day from its measurements and its month; the date itself is left out.
  return table(
    'seattle-weather',
    'multiclass',
    'vega-datasets seattle-weather.csv',
    [num('precipitation'), num('temp_max'), num('temp_min'), num('wind'), cat('month')],
    'weather',
    csvObjects('seattle-weather.csv'),
    (o, c) => (c === 'month' ? month(o.date) : o[c]),
  );
}

function carsOrigin() {
  return table(
    'cars-origin',
    'multiclass',
    'vega-datasets cars.json',
    [
      num('Miles_per_Gallon'),
      num('Cylinders'),
      num('Displacement'),
      num('Horsepower'),
      num('Weight_in_lbs'),
      num('Acceleration'),
      num('Year'),
    ],
    'Origin',
    json('cars.json'),
    (o, c) => (c === 'Year' ? yearOf(o.Year) : o[c]),
  );
}

function gapminderCluster() {
  // The region group (cluster 0-5, written c0..c5 so that it reads as classes) of a country and
  // year from its demography.
  return table(
    'gapminder-cluster',
    'multiclass',
    'vega-datasets gapminder.json',
    [num('year'), num('pop'), num('life_expect'), num('fertility')],
    'cluster',
    json('gapminder.json'),
    (o, c) => (c === 'cluster' ? `c${o.cluster}` : o[c]),
  );
}

/** Gaussian classes: `k` class means drawn on a sphere of radius `spread` in `d` dimensions, unit
 * noise, classes of unequal sizes (weights 1, 2, ..., k), features on unequal scales. */
function blobs(name, n, d, k, spread, seed) {
  const r = rng(seed);
  const means = [...Array(k)].map(() => {
    const m = [...Array(d)].map(() => gauss(r));
    const norm = Math.hypot(...m);
    return m.map((v) => (spread * v) / norm);
  });
  const scale = [...Array(d)].map((_, j) => 10 ** ((j % 4) - 1)); // 0.1, 1, 10, 100
  const total = (k * (k + 1)) / 2;
  const rows = [];
  for (let i = 0; i < n; i++) {
    let u = r() * total,
      c = 0;
    while (u >= c + 1) u -= ++c;
    rows.push([...means[c].map((m, j) => g6((m + gauss(r)) * scale[j])), `class${c}`]);
  }
  return {
    name,
    task: 'multiclass',
    source: `generated (seed ${seed})`,
    columns: [...Array(d)].map((_, j) => num(`x${j + 1}`)),
    label: 'label',
    rows,
  };
}

/** Labels drawn from a multinomial logistic model (the batch reference's own family): `k`
 * classes, `d` standard normal features, weights N(0, 1). */
function softmaxStream(name, n, d, k, seed) {
  const r = rng(seed);
  const W = [...Array(k)].map(() => [...Array(d)].map(() => gauss(r)));
  const rows = [];
  for (let i = 0; i < n; i++) {
    const x = [...Array(d)].map(() => gauss(r));
    const s = W.map((w) => w.reduce((a, v, j) => a + v * x[j], 0));
    const top = Math.max(...s);
    const p = s.map((v) => Math.exp(v - top));
    let u = r() * p.reduce((a, b) => a + b, 0),
      c = 0;
    while (c < k - 1 && u >= p[c]) u -= p[c++];
    rows.push([...x.map(g6), `class${c}`]);
  }
  return {
    name,
    task: 'multiclass',
    source: `generated (seed ${seed})`,
    columns: [...Array(d)].map((_, j) => num(`x${j + 1}`)),
    label: 'label',
    rows,
  };
}

// ------------------------------------------------------------------ regression
function carsMpg() {
  return table(
    'cars-mpg',
    'regression',
    'vega-datasets cars.json',
    [
      num('Cylinders'),
      num('Displacement'),
      num('Horsepower'),
      num('Weight_in_lbs'),
      num('Acceleration'),
      num('Year'),
      cat('Origin'),
    ],
    'Miles_per_Gallon',
    json('cars.json'),
    (o, c) => (c === 'Year' ? yearOf(o.Year) : o[c]),
  );
}

function seattleTempMax() {
  // The day's highest temperature from its other measurements, its weather and its month (not
  // the date: the rows are split at random, and a date would let the model read the season off
  // its neighbours).
  return table(
    'seattle-temp_max',
    'regression',
    'vega-datasets seattle-weather.csv',
    [num('precipitation'), num('temp_min'), num('wind'), cat('weather'), cat('month')],
    'temp_max',
    csvObjects('seattle-weather.csv'),
    (o, c) => (c === 'month' ? month(o.date) : o[c]),
  );
}

function gapminderLife() {
  return table(
    'gapminder-life_expect',
    'regression',
    'vega-datasets gapminder.json',
    [num('year'), num('pop'), num('fertility'), cat('cluster')],
    'life_expect',
    json('gapminder.json'),
    (o, c) => (c === 'cluster' ? `c${o.cluster}` : o[c]),
  );
}

function moviesImdb() {
  // The IMDB rating of a film from its money, votes, running time, critics' rating and kinds;
  // heavy-tailed columns (gross, votes) and many missing cells, as in the file.
  return table(
    'movies-imdb',
    'regression',
    'vega-datasets movies.json',
    [
      num('Production Budget'),
      num('US Gross'),
      num('Worldwide Gross'),
      num('IMDB Votes'),
      num('Running Time min'),
      num('Rotten Tomatoes Rating'),
      cat('MPAA Rating'),
      cat('Major Genre'),
      cat('Creative Type'),
      cat('Source'),
    ],
    'IMDB Rating',
    json('movies.json'),
  );
}

/** y = w.x + 3 + noise: `d` features on unequal scales, weights N(0, 1) on the standardised
 * features, noise N(0, sigma^2) or (heavy) Student's t with 3 degrees of freedom times sigma
 * (a few targets far off; variance 3 sigma^2). */
function linearStream(name, n, d, sigma, seed, heavy) {
  const r = rng(seed);
  const w = [...Array(d)].map(() => gauss(r));
  const scale = [...Array(d)].map((_, j) => 10 ** ((j % 3) - 1)); // 0.1, 1, 10
  const rows = [];
  for (let i = 0; i < n; i++) {
    const z = [...Array(d)].map(() => gauss(r));
    let e = gauss(r);
    if (heavy) {
      const chi2 = gauss(r) ** 2 + gauss(r) ** 2 + gauss(r) ** 2;
      e = e / Math.sqrt(chi2 / 3);
    }
    const y = 3 + z.reduce((a, v, j) => a + v * w[j], 0) + sigma * e;
    rows.push([...z.map((v, j) => g6(v * scale[j])), g6(y)]);
  }
  return {
    name,
    task: 'regression',
    source: `generated (seed ${seed})`,
    columns: [...Array(d)].map((_, j) => num(`x${j + 1}`)),
    label: 'y',
    rows,
  };
}

/** Every set, in the order of the tables. */
export function taskSets() {
  return [
    penguins(),
    seattleWeather(),
    carsOrigin(),
    gapminderCluster(),
    blobs('blobs (generated)', 1500, 6, 4, 3, 11),
    softmaxStream('softmax (generated)', 1500, 8, 5, 12),
    carsMpg(),
    seattleTempMax(),
    gapminderLife(),
    moviesImdb(),
    linearStream('linear (generated)', 1500, 10, 1.5, 13, false),
    linearStream('heavy-tailed (generated)', 1500, 10, 1, 14, true),
  ];
}

/** A CSV of the header and the rows `idx` in that order (a field with a comma or a quote is
 * quoted). */
export function csvOf(set, idx) {
  const field = (v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const head = [...set.columns.map((c) => c.name), set.label].map(field).join(',');
  return [head, ...idx.map((i) => set.rows[i].map(field).join(','))].join('\n') + '\n';
}

/** A seeded 80/20 split of the row indices; both parts in a random order. */
export function split(n, seed) {
  const r = rng(seed);
  const order = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const nTest = Math.round(0.2 * n);
  return { test: order.slice(0, nTest), train: order.slice(nTest) };
}

/**
 * The rows `idx` as the batch references see them: numeric columns z-scored with the training
 * rows' mean and standard deviation (a missing cell as the training mean, so 0), categorical
 * columns one-hot over the levels of the training rows (a missing or unseen level: all 0),
 * not scaled. The label: a class index among the training rows' classes in order of first
 * appearance (-1 for a class they do not have), or the number. `stats` from the training rows'
 * call encodes other rows alike.
 */
export function design(set, idx, stats) {
  const { columns, rows, task } = set;
  const d = columns.length;
  if (!stats) {
    const mean = new Float64Array(d),
      sd = new Float64Array(d),
      count = new Float64Array(d);
    const levels = columns.map(() => new Map());
    const classes = new Map();
    for (const i of idx) {
      const row = rows[i];
      for (let j = 0; j < d; j++) {
        if (row[j] === '') continue;
        if (columns[j].kind === 'num') {
          mean[j] += Number(row[j]);
          count[j]++;
        } else if (!levels[j].has(row[j])) levels[j].set(row[j], levels[j].size);
      }
      if (task === 'multiclass' && !classes.has(row[d])) classes.set(row[d], classes.size);
    }
    for (let j = 0; j < d; j++) mean[j] = count[j] ? mean[j] / count[j] : 0;
    for (const i of idx)
      for (let j = 0; j < d; j++)
        if (columns[j].kind === 'num' && rows[i][j] !== '')
          sd[j] += (Number(rows[i][j]) - mean[j]) ** 2;
    for (let j = 0; j < d; j++) sd[j] = count[j] > 1 ? Math.sqrt(sd[j] / (count[j] - 1)) : 0;
    // Where each column's features start.
    const offset = [];
    let width = 0;
    for (let j = 0; j < d; j++) {
      offset.push(width);
      width += columns[j].kind === 'num' ? 1 : levels[j].size;
    }
    stats = { mean, sd, levels, offset, width, classes: [...classes.keys()], classIndex: classes };
  }
  const { mean, sd, levels, offset, width, classIndex } = stats;
  const X = idx.map((i) => {
    const x = new Float64Array(width);
    const row = rows[i];
    for (let j = 0; j < d; j++) {
      if (columns[j].kind === 'num') {
        const v = row[j] === '' ? mean[j] : Number(row[j]);
        x[offset[j]] = sd[j] > 1e-12 ? (v - mean[j]) / sd[j] : 0;
      } else if (levels[j].has(row[j])) x[offset[j] + levels[j].get(row[j])] = 1;
    }
    return x;
  });
  const y = idx.map((i) =>
    task === 'multiclass' ? (classIndex.get(rows[i][d]) ?? -1) : Number(rows[i][d]),
  );
  return { X, y, stats };
}
