// Readable names of pipelines ("SGD logistic regression, z-score"), made from the registry's own
// entries: each stage is called by its registry title ("PA-II" for pa2), so that the page never
// keeps a second list of names. The exact spec stays one hover or click away wherever a name is
// shown.
import type { RegistryEntry } from 'onepass';

/** A stage of a spec: its registry name and its parameters as written ("c=0.1"). */
interface Stage {
  name: string;
  params: string[];
  modifier: boolean;
}

/** The stages of a spec ("zscore | pa2(c=0.1) +avg"), in order; scalers first. */
function stagesOf(spec: string): Stage[] {
  const out: Stage[] = [];
  for (const m of spec.matchAll(/(\+?)([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(([^)]*)\))?/g))
    out.push({
      name: m[2],
      params: (m[3] ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      modifier: m[1] === '+',
    });
  return out;
}

/** Each registry entry's display name: its title (RegistryEntry.title), the one the registry
 * gives it. */
export function displayNames(entries: readonly RegistryEntry[]): Map<string, string> {
  return new Map(entries.map((e) => [e.name, e.title]));
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** One pipeline's readable name: the learner, then its scalers, then its modifiers. */
function nameOf(spec: string, names: Map<string, string>): string {
  const stages = stagesOf(spec);
  const called = (s: Stage): string => names.get(s.name) ?? s.name;
  const learner = stages.filter((s) => !s.modifier).pop();
  if (!learner) return spec;
  const scalers = stages.filter((s) => !s.modifier && s !== learner);
  const modifiers = stages.filter((s) => s.modifier);
  return [capital(called(learner)), ...scalers.map(called), ...modifiers.map(called)].join(', ');
}

/** The readable names of a run's pipelines, one per spec. Two that would read the same add the
 * parameters in which their specs differ ("Passive-Aggressive (bias=false)"), and when even
 * those are the same, their place in the list. */
export function pipelineNames(
  specs: readonly string[],
  entries: readonly RegistryEntry[],
): string[] {
  const names = displayNames(entries);
  const plain = specs.map((s) => nameOf(s, names));
  return plain.map((name, i) => {
    const same = plain.flatMap((n, k) => (n === name ? [k] : []));
    if (same.length === 1) return name;
    const params = (k: number): string[] => stagesOf(specs[k]).flatMap((s) => s.params);
    const shared = same.map(params);
    const own = params(i).filter((p) => !shared.every((ps) => ps.includes(p)));
    const tag = own.length ? own.join(', ') : 'default parameters';
    const tagged = (k: number): string => {
      const o = params(k).filter((p) => !shared.every((ps) => ps.includes(p)));
      return o.length ? o.join(', ') : 'default parameters';
    };
    const twin = same.filter((k) => tagged(k) === tag).length > 1;
    return `${name} (${twin ? `${tag}, #${i + 1}` : tag})`;
  });
}
