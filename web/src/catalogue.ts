// The catalogue of learners, scalers and modifiers, from the registry (each with its section of
// docs/algorithms.md and its parameters).
import type { RegistryEntry } from 'onepass';
import { algorithmsLink, el } from './dom';

/** Lists the registry's entries into `into`. */
export function catalogue(into: HTMLElement, entries: RegistryEntry[]): void {
  const parts = (['learner', 'scaler', 'modifier'] as const).map((kind) => {
    const section = el('div');
    section.append(el('h3', `${kind}s`));
    const list = el('ul');
    for (const e of entries.filter((x) => x.kind === kind)) {
      const li = el('li');
      li.append(
        el('code', kind === 'modifier' ? `+${e.name}` : e.name),
        ` ${e.summary} (`,
        algorithmsLink(e.spec),
        ').',
      );
      const params = e.params.map((p) => `${p.name} = ${p.default} (${p.range}): ${p.help}`);
      if (params.length) {
        const sub = el('ul');
        sub.append(...params.map((t) => el('li', t)));
        li.append(sub);
      }
      list.append(li);
    }
    section.append(list);
    return section;
  });
  into.replaceChildren(...parts);
}
