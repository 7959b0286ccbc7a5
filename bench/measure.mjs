// How npm run bench measures (bench/run.mjs): runs in rounds, so that the machine's drift touches
// runs compared in a ratio alike, and their medians and spreads.
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Run times in seconds (by round) as the table reads them: their median, fastest, slowest. */
export const timesSummary = (times) => ({
  seconds: median(times),
  min: Math.min(...times),
  max: Math.max(...times),
  times,
});

/**
 * Runs each of `fns` `runs` times, in rounds (each round runs every one once, in order), so that
 * the machine's drift (15-20% within an hour here) touches runs compared in a ratio alike.
 * Returns for each { seconds (median), min, max, times (by round), peakMb, rows, cores }: cores
 * is the median of the processor time this process used (its worker threads too) over the time
 * a run took, for the runs in this process.
 */
export async function measureTogether(fns, runs) {
  const stats = fns.map(() => ({ times: [], cores: [], peak: 0, rows: undefined }));
  for (let r = 0; r < runs; r++)
    for (const [i, fn] of fns.entries()) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const extra = await fn();
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      stats[i].times.push(seconds);
      stats[i].cores.push((cpu.user + cpu.system) / 1e6 / seconds);
      stats[i].rows = extra?.rows ?? stats[i].rows;
      stats[i].peak = Math.max(stats[i].peak, extra?.peakMb ?? process.memoryUsage().rss / 2 ** 20);
    }
  return stats.map(({ times, cores, peak, rows }) => ({
    ...timesSummary(times),
    peakMb: peak,
    rows,
    cores: median(cores),
  }));
}

/** How many times faster `b` ran than `a`: the median over rounds of a's time over b's (runs
 * measured together, measureTogether). */
export const ratio = (a, b) => median(a.times.map((t, i) => t / b.times[i]));
