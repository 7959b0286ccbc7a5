// The cross-validation table's rows: each candidate's mean ± deviation over the folds per
// metric, the best by mean balanced accuracy marked (which always answering one class cannot
// win), folds that diverged counted.
import { el } from './dom';
import type { CvRow } from './protocol';

const METRICS = ['accuracy', 'auc', 'logLoss', 'balancedAccuracy'] as const;

function cell(r: CvRow, m: (typeof METRICS)[number]): string {
  const [mean, sd] = [r.mean[m], r.sd[m]];
  return mean === null || mean === undefined
    ? '–'
    : `${mean.toFixed(4)} ± ${sd === null || sd === undefined ? '–' : sd.toFixed(4)}`;
}

export function crossValidationRows(rows: CvRow[]): HTMLTableRowElement[] {
  const best = Math.max(...rows.map((r) => r.mean.balancedAccuracy ?? -1));
  return rows.map((r) => {
    const tr = el('tr');
    tr.dataset.spec = r.spec;
    const name = el('td', r.spec);
    if (rows.length > 1 && r.mean.balancedAccuracy === best) {
      const mark = el('span', 'best');
      mark.className = 'mark best';
      name.append(mark);
    }
    if (r.divergedFolds) name.append(el('span', ` (diverged in ${r.divergedFolds} folds)`));
    tr.append(
      name,
      ...METRICS.map((m) => {
        const td = el('td', cell(r, m));
        td.dataset.key = m;
        return td;
      }),
    );
    return tr;
  });
}
