// A small typed store: one current state, replaced (never mutated) by update, and subscribers
// told of each new state. The demo keeps all its state in one (state.ts) and each panel of the
// page derives what it shows from it (panels/). Nothing here touches the DOM.

/** Told of a new state, with the state it saw last. */
export type Listener<S> = (state: S, previous: S) => void;

/** A change: the fields to replace, or a function of the current state that gives them. */
export type Change<S> = Partial<S> | ((state: S) => Partial<S>);

export interface Store<S> {
  /** The current state. */
  get(): S;
  /** Replaces the given fields (a shallow merge into a new state object) and tells every
   * subscriber before it returns. An update made by a subscriber while it is told is told to
   * every subscriber too once the one under way is done: each ends on the last state. */
  update(change: Change<S>): void;
  /** Calls `listener` on every new state; returns the function that stops it. */
  subscribe(listener: Listener<S>): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  // Each subscriber with the state it last saw: it is told of a state once, in order.
  const subscribers = new Set<{ listener: Listener<S>; seen: S }>();
  let telling = false;

  function tell(): void {
    if (telling) return; // the loop under way tells them of this state too
    telling = true;
    try {
      for (let pending = true; pending;) {
        pending = false;
        for (const sub of [...subscribers]) {
          if (!subscribers.has(sub) || sub.seen === state) continue;
          const previous = sub.seen;
          sub.seen = state;
          sub.listener(state, previous);
          if (state !== sub.seen) pending = true; // it (or one it called) updated again
        }
      }
    } finally {
      telling = false;
    }
  }

  return {
    get: () => state,
    update(change) {
      const fields = typeof change === 'function' ? change(state) : change;
      state = { ...state, ...fields };
      tell();
    },
    subscribe(listener) {
      const sub = { listener, seen: state };
      subscribers.add(sub);
      return () => subscribers.delete(sub);
    },
  };
}

/** Equal as values a view derives from: the same object, or arrays of the same items. */
export function sameParts(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x, i) => Object.is(x, b[i]));
}

/**
 * Renders `select(state)` now and again whenever it changes (by `sameParts`): a view that
 * derives from part of the state is redrawn only when that part is replaced. Returns the
 * function that stops it.
 */
export function watch<S, T>(
  store: Store<S>,
  select: (state: S) => T,
  render: (value: T, state: S) => void,
): () => void {
  let shown = select(store.get());
  render(shown, store.get());
  return store.subscribe((state) => {
    const value = select(state);
    if (sameParts(value, shown)) return;
    shown = value;
    render(value, state);
  });
}
