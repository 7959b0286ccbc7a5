// Where the algorithms are described: the project's own algorithm book, and its anchors.

/** The page that describes every algorithm, numbered as `RegistryEntry.spec` and the D- codes. */
export const ALGORITHMS_DOC = 'docs/algorithms.md';
/** Where a registry entry's section is described: "docs/algorithms.md §4.1" for spec "4.1". */
export function algorithmsRef(section: string): string {
  return `${ALGORITHMS_DOC} §${section}`;
}
/**
 * The anchor of a section ("4.1" gives "s4-1", "6.8.1" gives "s6-8-1") or a decision
 * ("D-PATER-4" gives "d-pater-4") in docs/algorithms.md, and in the demo's algorithms.html.
 */
export function algorithmsAnchor(id: string): string {
  return /^D-/.test(id) ? id.toLowerCase() : `s${id.replace(/\./g, '-')}`;
}
