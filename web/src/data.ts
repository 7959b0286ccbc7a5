// The data controls: a sample or the user's own file (picked or dropped), its head read for the
// preview and the menus (label column, positive class) as a run would read it.
import type { CsvPreview } from 'onepass';
import { showPreview } from './preview';
import { MAX_PREVIEW_BYTES, page, PREVIEW_BYTES, sample, ui } from './page';
import type { Source } from './protocol';
import { chart, clearResults, rolling, showProblems } from './views';

async function headText(src: Source, bytes: number): Promise<{ text: string; complete: boolean }> {
  if (src.kind === 'file')
    return { text: await src.file.slice(0, bytes).text(), complete: src.file.size <= bytes };
  const response = await fetch(src.url);
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  const text = await response.text();
  return { text: text.slice(0, bytes), complete: text.length <= bytes };
}

/** The positive-class menu, from the label values of the sampled rows. */
function fillPositive(p: CsvPreview): void {
  ui.positive.replaceChildren();
  const numeric = p.numericLabels; // the core's rule, as the run will read the labels
  const sampled = p.labelValues.reduce((n, v) => n + v.count, 0);
  if (numeric) ui.positive.append(new Option('numeric: 1 is positive, 0 or -1 negative', ''));
  for (const v of p.labelValues)
    ui.positive.append(
      new Option(`${v.value} (${v.count} of the first ${sampled} rows)`, v.value, false, false),
    );
  if (!numeric) ui.positive.value = p.positive;
}

/** The head as a run would read it (with the chosen label column), or null with the error
 * shown. */
function previewOf(label?: string): CsvPreview | null {
  try {
    return page.op.previewCsv(page.head.text, {
      complete: page.head.complete,
      label,
      header: 'auto',
    });
  } catch (e) {
    ui.preview.replaceChildren();
    showProblems([(e as Error).message]);
    return null;
  }
}

/** Reads the head again as a run would (with the chosen label column) and shows it. */
export function refreshPreview(label?: string): void {
  const p = previewOf(label);
  if (!p) return;
  showProblems(p.notices.filter((n) => /^(column|the first line is data)/.test(n)));
  ui.label.replaceChildren(
    ...p.columns.map((c, i) => new Option(c.name || `column ${i + 1}`, String(i))),
  );
  ui.label.selectedIndex = p.columns.findIndex((c) => c.role === 'label');
  fillPositive(p);
  showPreview(ui.preview, p);
}

export async function chooseSource(src: Source): Promise<void> {
  page.source = src;
  // The results, charts, exports, models, cross-validation and predictions were of the data
  // before (issue 17).
  clearResults();
  for (const c of [chart, rolling]) c.reset([]);
  page.curveRows.length = 0;
  page.curveMistakes.length = 0;
  ui.cvResults.tBodies[0].replaceChildren();
  ui.cvStatus.textContent = '';
  page.predictions = '';
  ui.exportPredictions.disabled = true;
  ui.scoreStatus.textContent = page.modelText ? 'Model loaded: predict the chosen data.' : '';
  ui.sourceName.textContent =
    src.kind === 'file'
      ? `${src.file.name}: ${(src.file.size / 1e6).toFixed(2)} MB, read in chunks in this browser`
      : `sample: ${src.name}`;
  // Menus come from the 1,000 rows a run samples: a head of long rows is read further.
  for (let bytes = PREVIEW_BYTES; ; bytes *= 4) {
    try {
      page.head = await headText(src, bytes);
    } catch (e) {
      page.head = { text: '', complete: true };
      ui.preview.replaceChildren();
      showProblems([
        `Cannot read ${src.kind === 'file' ? src.file.name : src.name}: ${(e as Error).message}`,
      ]);
      return;
    }
    const p = page.head.complete || bytes >= MAX_PREVIEW_BYTES ? null : previewOf();
    if (!p || p.headRows >= p.sampleRows) break;
  }
  refreshPreview();
}

/** The data controls: a sample, a file picked or dropped, the label column. */
export function wireData(): void {
  ui.dataset.addEventListener('change', () => void chooseSource(sample(ui.dataset.value)));
  ui.file.addEventListener('change', () => {
    const f = ui.file.files?.[0];
    if (f) void chooseSource({ kind: 'file', file: f });
  });
  ui.label.addEventListener('change', () => refreshPreview(ui.label.value));
  ui.drop.addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && !ui.run.disabled) {
      e.preventDefault();
      ui.file.click();
    }
  });
  ui.drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    ui.drop.classList.add('over');
  });
  ui.drop.addEventListener('dragleave', () => ui.drop.classList.remove('over'));
  ui.drop.addEventListener('drop', (e) => {
    e.preventDefault();
    ui.drop.classList.remove('over');
    const f = e.dataTransfer?.files[0];
    if (f && !ui.run.disabled) void chooseSource({ kind: 'file', file: f });
  });
}
