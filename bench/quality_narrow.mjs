// `node bench/quality_narrow.mjs [--unseen DIR]... [--splits N] [--save FILE | --from FILE]`:
// would full covariance for narrow inputs close the first-order default's gap to batch logistic
// regression? "The default" below is that pipeline, FIRST_ORDER_SPEC; the rules are emulated per
// split from its runs and arow_full's, and the last one, the leader learner (LEADER_SPEC, the
// default pipeline since these figures), is measured as itself:
//   - arow_full everywhere: `zscore | arow_full(r) +temperature` (docs/algorithms.md 4.31);
//   - narrow: arow_full while the encoded width (Dataset.width, what the pipeline sees) is at
//     most NARROW_WIDTH, where a full step costs about 2 us a row (docs/bench.md); the default
//     pipeline above it;
//   - leader: on a narrow input the default and arow_full (at one r, or at several) learn side
//     by side and the one whose progressive (prequential) log-loss, or error, over the training
//     part is lowest at its end answers the test part (ties: the default); above NARROW_WIDTH
//     the default alone.
// Each rule is measured at r = 1 and at the r of R_GRID chosen on the bundled sets only (the
// narrow rule's mean test accuracy there), never on the other groups; the leaders of several
// take r = 1 with that r, and every r of R_GRID. Each group is split as its own script splits
// it: the bundled sets (data/) as bench/quality.mjs (seeds 1..N, one split above
// ONE_SPLIT_ABOVE_ROWS rows), the CSV files of each DIR, a group each (bench/unseen_sets.R
// writes two: ten unseen sets, and nine to confirm on), as bench/quality_unseen.mjs (seeds
// 1..N); 80/20, bench/task_data.mjs's split; batch as both (bench/quality_common.mjs's
// batchBaseline). Prints, per group, each set's mean test accuracies and each rule's paired
// per-split differences against the default and against batch (mean, standard error, splits
// won / lost / tied), then the group's means, and whether a rule meets the target: at most
// TARGET_GAP points below batch on average in every group, and no set more than MAX_SET_LOSS
// points below the default. --save FILE writes the measurements (JSON), --from FILE tabulates
// them again without running anything; it writes no other file.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  batchBaseline,
  bundledSeeds,
  csvFilesIn,
  datasetOf,
  onepassOn,
  readBundled,
  readSet,
  splitsOption,
} from './quality_common.mjs';
import { split } from './task_data.mjs';

/** The widest encoded input that gets full covariance. */
export const NARROW_WIDTH = 64;
/** arow_full's r looked at, on the bundled sets only. */
export const R_GRID = [1, 10, 100];
/** The target, in points of test accuracy: the mean gap below batch allowed in each group. */
export const TARGET_GAP = 0.5;
/** The most a proposed rule may lose against the default on one set, in points. */
export const MAX_SET_LOSS = 1;
/** Differences smaller than this count as ties. */
const TIE = 1e-12;

const USAGE =
  'usage: node bench/quality_narrow.mjs [--unseen DIR]... [--splits N] [--save FILE | --from FILE]';

/** The first-order pipeline the rules start from ("the default" in the tables): the default
 * before the leader, and the leader's first member. */
export const FIRST_ORDER_SPEC = 'zscore | pa2(c=0.1) +avg +temperature';
/** The leader of three as a learner (docs/algorithms.md 4.32), the default pipeline now: the
 * first-order pipeline and arow_full at r = 1 and r = 100, by progressive log-loss, while the
 * width is at most 64. */
export const LEADER_SPEC = 'zscore | leader';

/** arow_full at r with the default's calibration (+temperature changes no decision). */
export const fullSpec = (r) =>
  r === 1 ? 'zscore | arow_full +temperature' : `zscore | arow_full(r=${r}) +temperature`;

/** Whether an input of `width` encoded features gets full covariance. */
export const isNarrow = (width) => width <= NARROW_WIDTH;

/** The narrow rule on one split: the full run's figures on a narrow input, else the default's. */
export function narrowPick(width, def, full) {
  return isNarrow(width) ? full : def;
}

/** The leader of the default and the full runs `fulls` at the end of the training part, by
 * `key` of their progressive figures ('logLoss' or 'error'): the lowest, the earlier of `fulls`
 * on a tie between them, the default on a tie with it and on a wide input. */
export function leaderPick(width, def, fulls, key) {
  if (!isNarrow(width)) return def;
  let best = def;
  for (const full of fulls) if (full.progressive[key] < best.progressive[key]) best = full;
  return best;
}

/** Paired differences a[i] - b[i] (fractions), in points: their mean, its standard error
 * (the sample standard deviation over sqrt(n); 0 for one pair) and the pairs won, lost and
 * tied by a. */
export function pairedSpread(a, b) {
  if (a.length !== b.length || a.length === 0)
    throw new Error(`pairedSpread: ${a.length} against ${b.length} values`);
  const d = a.map((x, i) => 100 * (x - b[i]));
  const n = d.length;
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const variance = n > 1 ? d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) : 0;
  return {
    mean,
    se: Math.sqrt(variance / n),
    won: d.filter((x) => x > 100 * TIE).length,
    lost: d.filter((x) => x < -100 * TIE).length,
    tied: d.filter((x) => Math.abs(x) <= 100 * TIE).length,
  };
}

/** A group's spread from its sets' spreads, each set weighing the same: the mean of their
 * means, its standard error from theirs (sets independent: sqrt(sum se^2) / sets), the splits
 * won / lost / tied summed, and the worst set's mean. */
export function groupSpread(spreads) {
  const k = spreads.length;
  const sum = (f) => spreads.reduce((s, x) => s + f(x), 0);
  return {
    mean: sum((x) => x.mean) / k,
    se: Math.sqrt(sum((x) => x.se ** 2)) / k,
    won: sum((x) => x.won),
    lost: sum((x) => x.lost),
    tied: sum((x) => x.tied),
    worst: Math.min(...spreads.map((x) => x.mean)),
  };
}

/** Whether a rule meets the target: in every group its mean gap to batch is at least
 * -TARGET_GAP and no set's mean is more than MAX_SET_LOSS below the default. `groups`: per
 * group, { toBatch, toDefault } as groupSpread gives them. */
export function meetsTarget(groups) {
  return groups.every(
    (g) => g.toBatch.mean >= -TARGET_GAP - TIE && g.toDefault.worst >= -MAX_SET_LOSS - TIE,
  );
}

/** The r of R_GRID whose narrow rule has the highest mean test accuracy over `sets` (the
 * smallest r on a tie); each set: { width, splits: [{ def, full: { [r]: run } }] }. */
export function chooseR(sets) {
  let best = { r: R_GRID[0], acc: -1 };
  for (const r of R_GRID) {
    const acc =
      sets.reduce(
        (s, set) =>
          s +
          set.splits.reduce((t, p) => t + narrowPick(set.width, p.def, p.full[r]).accuracy, 0) /
            set.splits.length,
        0,
      ) / sets.length;
    if (acc > best.acc + TIE) best = { r, acc };
  }
  return best.r;
}

function fail(message) {
  console.error(`quality_narrow: ${message}\n${USAGE}`);
  process.exit(2);
}

/** --unseen DIR (any number of them), --splits N (a whole number from 1; 5 without it),
 * --save FILE and --from FILE. */
function options(args) {
  const unseen = [];
  let splits = 5,
    save = null,
    from = null;
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1];
    if (args[i] === '--unseen' || args[i] === '--save' || args[i] === '--from') {
      if (value === undefined)
        fail(`${args[i]} needs a ${args[i] === '--unseen' ? 'directory' : 'file'}`);
      if (args[i] === '--unseen') unseen.push(value);
      else if (args[i] === '--save') save = value;
      else from = value;
      i++;
    } else if (args[i] === '--splits') {
      splits = splitsOption(value, fail);
      i++;
    } else fail(`unknown argument ${args[i]}`);
  }
  return { unseen, splits, save, from };
}

/** Every split of one set: its width, the default's and each r's full run, and batch. */
async function measureSet(op, name, { header, lines, rows }, seeds) {
  const t0 = Date.now();
  const splits = [];
  let width = 0;
  for (const seed of seeds) {
    const { train, test } = split(rows.length, seed);
    const trainSet = await datasetOf(op, header, lines, train);
    const testSet = await datasetOf(op, header, lines, test);
    width = trainSet.width;
    const run = (spec) => {
      const r = onepassOn(trainSet, testSet, spec);
      if (r.diverged) console.error(`quality_narrow: ${name}, seed ${seed}: ${spec} diverged`);
      return {
        accuracy: r.accuracy,
        progressive: { error: r.progressive, logLoss: r.progressiveLogLoss },
      };
    };
    const full = Object.fromEntries(R_GRID.map((r) => [r, run(fullSpec(r))]));
    splits.push({
      def: run(FIRST_ORDER_SPEC),
      full,
      // The learner that races them (docs/algorithms.md 4.32), measured, beside its emulation.
      leader: run(LEADER_SPEC),
      batch: batchBaseline(rows, train, test),
    });
    trainSet.dispose();
    testSet.dispose();
  }
  console.error(`quality_narrow: ${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { name, rows: rows.length, width, splits };
}

/** The rules compared, at arow_full's r: each maps a set's split to the run that answers. */
export function rules(r) {
  return [
    ['default', (w, p) => p.def],
    [`arow_full(r=${r}) everywhere`, (w, p) => p.full[r]],
    [`narrow(r=${r})`, (w, p) => narrowPick(w, p.def, p.full[r])],
    [`leader by log-loss (r=${r})`, (w, p) => leaderPick(w, p.def, [p.full[r]], 'logLoss')],
    [`leader by error (r=${r})`, (w, p) => leaderPick(w, p.def, [p.full[r]], 'error')],
  ];
}

/** Leaders of the default and several full runs, at each r of `rs`. */
export function leadersOf(rs) {
  const fulls = (p) => rs.map((r) => p.full[r]);
  const name = `r=${rs.join(',')}`;
  return [
    [`leader by log-loss (${name})`, (w, p) => leaderPick(w, p.def, fulls(p), 'logLoss')],
    [`leader by error (${name})`, (w, p) => leaderPick(w, p.def, fulls(p), 'error')],
  ];
}

const pct = (v) => (100 * v).toFixed(1);
const signed = (v) => (v >= 0 ? '+' : '') + v.toFixed(2);
const spreadCell = (s) => `${signed(s.mean)} ± ${s.se.toFixed(2)} (${s.won}/${s.lost}/${s.tied})`;
const meanOf = (list) => list.reduce((s, x) => s + x, 0) / list.length;

/** One group's tables, and its per-rule spreads for the verdict: the sets' mean accuracies
 * beside the default's and batch's; then per rule, each set's paired differences against the
 * default and against batch; then the group's summary. */
function groupReport(title, sets, ruleList) {
  const names = ruleList.map(([n]) => n);
  const per = sets.map((set) => {
    const acc = ruleList.map(([, pick]) => set.splits.map((p) => pick(set.width, p).accuracy));
    const batch = set.splits.map((p) => p.batch.accuracy);
    return {
      set,
      acc,
      batch,
      toDefault: acc.map((a) => pairedSpread(a, acc[0])),
      toBatch: acc.map((a) => pairedSpread(a, batch)),
      // The splits a rule answers with a full run (null for the leader learner, whose member
      // is inside it).
      byFull: ruleList.map(([, pick]) =>
        set.splits.some((p) => pick(set.width, p) === p.leader)
          ? null
          : set.splits.filter((p) => Object.values(p.full).includes(pick(set.width, p))).length,
      ),
    };
  });
  const summary = names.map((_, c) => ({
    accuracy: meanOf(per.map((s) => meanOf(s.acc[c]))),
    toDefault: groupSpread(per.map((s) => s.toDefault[c])),
    toBatch: groupSpread(per.map((s) => s.toBatch[c])),
    byFull: per.some((s) => s.byFull[c] === null) ? null : per.reduce((n, s) => n + s.byFull[c], 0),
  }));
  const splitCount = per.reduce((n, s) => n + s.set.splits.length, 0);
  const batchMean = meanOf(per.map((s) => meanOf(s.batch)));
  const out = [
    `### ${title}`,
    '',
    "Test accuracy %, the mean over each set's splits; the mean row weighs every set the same.",
    '',
    `| data set | rows | width | splits | ${names.join(' | ')} | batch |`,
    `|---|---:|---:|---:|${names.map(() => '---:').join('|')}|---:|`,
    ...per.map(
      (s) =>
        `| ${s.set.name} | ${s.set.rows} | ${s.set.width} | ${s.set.splits.length} | ${s.acc
          .map((a) => pct(meanOf(a)))
          .join(' | ')} | ${pct(meanOf(s.batch))} |`,
    ),
    `| **mean** | | | | ${summary.map((x) => pct(x.accuracy)).join(' | ')} | ${pct(batchMean)} |`,
    '',
  ];
  names.forEach((name, c) => {
    out.push(
      `#### ${name}`,
      '',
      '| data set | accuracy % | − default, points | − batch, points | splits answered by arow_full |',
      '|---|---:|---:|---:|---:|',
      ...per.map(
        (s) =>
          `| ${s.set.name} | ${pct(meanOf(s.acc[c]))} | ${spreadCell(s.toDefault[c])} | ${spreadCell(s.toBatch[c])} | ${s.byFull[c] ?? '–'} of ${s.set.splits.length} |`,
      ),
      `| **mean** | ${pct(summary[c].accuracy)} | ${spreadCell(summary[c].toDefault)} | ${spreadCell(summary[c].toBatch)} | ${summary[c].byFull ?? '–'} of ${splitCount} |`,
      '',
    );
  });
  out.push(
    `#### ${title}: summary`,
    '',
    '| rule | accuracy % | − default, points | − batch, points | worst set − default | splits answered by arow_full |',
    '|---|---:|---:|---:|---:|---:|',
    ...names.map(
      (name, c) =>
        `| ${name} | ${pct(summary[c].accuracy)} | ${spreadCell(summary[c].toDefault)} | ${spreadCell(summary[c].toBatch)} | ${signed(summary[c].toDefault.worst)} | ${summary[c].byFull ?? '–'} of ${splitCount} |`,
    ),
    `| batch | ${pct(batchMean)} | | | | |`,
    '',
  );
  return { out, summary };
}

/** Every set's measurements: the bundled sets, and per directory of `unseen` its CSV files. */
async function measure(op, unseen, splits) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const seeds = [...Array(splits)].map((_, i) => i + 1);

  const bundled = [];
  for (const f of readdirSync(join(root, 'data'))
    .filter((f) => /\.csv(\.gz)?$/.test(f))
    .sort()) {
    const set = readBundled(join(root, 'data', f));
    bundled.push(await measureSet(op, f, set, bundledSeeds(set.rows.length, seeds)));
  }
  const unseenSets = [];
  for (const dir of unseen) {
    const group = [];
    let files;
    try {
      files = csvFilesIn(dir);
    } catch (e) {
      fail(e.message);
    }
    for (const f of files) {
      let set;
      try {
        set = readSet(join(dir, f));
      } catch (e) {
        fail(e.message);
      }
      group.push(await measureSet(op, f.replace(/\.csv$/, ''), set, seeds));
    }
    unseenSets.push(group);
  }
  return { defaultPipeline: FIRST_ORDER_SPEC, unseen, bundled, unseenSets };
}

async function main() {
  const args = options(process.argv.slice(2));
  const started = Date.now();
  let measured;
  if (args.from !== null) measured = JSON.parse(readFileSync(args.from, 'utf8'));
  else {
    const { load } = await import('onepass');
    measured = await measure(await load(), args.unseen, args.splits);
    measured.cpu = cpus()[0]?.model ?? 'unknown CPU';
    measured.seconds = Math.round((Date.now() - started) / 1000);
    // The measurements, to tabulate again with --from without running them again.
    if (args.save !== null) writeFileSync(args.save, JSON.stringify(measured));
  }
  const { defaultPipeline, unseen, bundled, unseenSets } = measured;

  const chosen = chooseR(bundled);
  const rs = [1, chosen].filter((r, i, all) => all.indexOf(r) === i);
  // Then the leaders of the default and both full runs (r = 1 and the chosen r) and of the
  // default and every r of the grid.
  const ruleList = [
    ...rules(1),
    ...rs.slice(1).flatMap((r) => rules(r).slice(1)),
    ...(rs.length > 1 ? leadersOf(rs) : []),
    ...(R_GRID.length > rs.length ? leadersOf(R_GRID) : []),
    // Measured where the saved measurements have it (runs before the learner existed do not).
    ...(bundled.every((set) => set.splits.every((p) => p.leader))
      ? [['leader, the learner (`' + LEADER_SPEC + '`)', (w, p) => p.leader]]
      : []),
  ];
  const groups = [['The bundled sets (data/; r chosen here)', bundled]];
  unseen.forEach((dir, i) => groups.push([`The sets of ${dir}`, unseenSets[i]]));
  const out = [
    `Narrow full covariance: arow_full while the encoded width is at most ${NARROW_WIDTH}, the default \`${defaultPipeline.replace(/\|/g, '\\|')}\` above it; a leader takes the default or the arow_full (at the r its name gives, several after a comma) whose progressive log-loss or error over the training part is lowest, on narrow inputs. r of ${R_GRID.join(', ')} by the narrow rule's mean test accuracy on the bundled sets: r = ${chosen}.`,
    "A difference cell: the mean of the paired per-split differences in points ± its standard error (splits won/lost/tied); a mean row: the mean of the sets' means ± sqrt(sum of their squared standard errors) / sets, the splits summed.",
    '',
  ];
  const reports = groups.map(([title, sets]) => groupReport(title, sets, ruleList));
  for (const r of reports) out.push(...r.out);
  out.push(
    `Target: at most ${TARGET_GAP} points below batch on average in ${groups.length > 1 ? 'every group' : 'the group'} and no set more than ${MAX_SET_LOSS} point below the default.`,
    '',
    '| rule | meets the target |',
    '|---|---|',
    ...ruleList.slice(1).map(([name], c) => {
      const g = reports.map((r) => r.summary[c + 1]);
      return `| ${name} | ${meetsTarget(g) ? 'yes' : 'no'} |`;
    }),
    '',
    `Measured on ${measured.cpu ?? 'an unnamed CPU'} in ${measured.seconds ?? '?'} s${args.from !== null ? ` (tabulated from ${args.from})` : ''}.`,
  );
  console.log(out.join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
