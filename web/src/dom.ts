// The DOM helpers the page's modules share.
import { algorithmsAnchor, algorithmsRef } from 'onepass';

/** The element of a panel with this id: a panel finds its own elements when it is mounted. */
export function find<T extends HTMLElement>(root: ParentNode, id: string): T {
  const found = root.querySelector<T>(`#${id}`);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
}

/** The elements of a panel with these ids, all of one kind (find for each), in order. */
export function findAll<T extends HTMLElement>(root: ParentNode, ...ids: string[]): T[] {
  return ids.map((id) => find<T>(root, id));
}

/** A new element, with its text when given. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A menu's option for a pipeline: its readable name (names.ts), its exact spec on hover, as the
 * results table shows it. */
export function pipelineOption(
  name: string,
  spec: string,
  value: string,
  selected = false,
): HTMLOptionElement {
  const option = new Option(name, value, false, selected);
  option.title = spec;
  return option;
}

/**
 * A link to a section of docs/algorithms.md ("4.1") in the copy the site ships,
 * algorithms.html (scripts/algorithms_page.mjs), opened beside the demo so a run goes on.
 */
export function algorithmsLink(section: string): HTMLAnchorElement {
  const a = el('a', algorithmsRef(section));
  a.href = `algorithms.html#${algorithmsAnchor(section)}`;
  a.target = '_blank';
  a.rel = 'noopener';
  a.className = 'algorithms-link';
  return a;
}
