// What an abort of the WebAssembly module becomes (docs/design.md, "What a run may hold"): the
// core refuses a run that cannot fit before it allocates, but an allocation it did not foresee
// (one the estimate of docs/limits.md does not count) still ends the module in Emscripten's
// abort(), a WebAssembly.RuntimeError "Aborted()". The module is unsound after it, so every later call is
// refused too, and the Error says to load() a new one.

/** The Error of a module that stopped, once one call has met the abort. */
function stopped(e: unknown, limit: number): Error {
  const why = e instanceof Error ? e.message : String(e);
  const gb = Math.round((limit / 2 ** 30) * 10) / 10;
  const cause = why.startsWith('Aborted(')
    ? `ran out of memory (its limit is ${gb} GB)`
    : `stopped (${why})`;
  return new Error(
    `onepass's WebAssembly module ${cause}; its pipelines, runners and scorers are gone: ` +
      'load() a new module. Fewer pipelines or features need less (docs/limits.md)',
  );
}

/** Wraps every function of the raw module and every method of its classes in place, so that an
 * abort (or any trap of the module) is thrown as an Error that says what happened, and every
 * call after it is refused with that Error without entering the stopped module. */
export function guardAborts<M extends object>(raw: M, limit: number): M {
  let dead: Error | null = null;
  type Fn = (...args: unknown[]) => unknown;
  // Embind keeps an overloaded function's table on the function itself: the wrapper has it too.
  const guarded = (f: Fn, construct: boolean): Fn =>
    Object.assign(function (this: unknown, ...args: unknown[]): unknown {
      if (dead) throw dead;
      try {
        return construct ? (Reflect.construct(f, args) as unknown) : f.apply(this, args);
      } catch (e) {
        if (!(e instanceof WebAssembly.RuntimeError)) throw e;
        dead = stopped(e, limit);
        throw dead;
      }
    }, f);
  const table = raw as Record<string, unknown>;
  for (const key of Object.keys(table)) {
    const value = table[key];
    if (typeof value !== 'function' || key.startsWith('dynCall')) continue;
    const proto = (value as { prototype?: object }).prototype;
    const methods = proto
      ? Object.getOwnPropertyNames(proto).filter((m) => m !== 'constructor')
      : [];
    if (/^[A-Z]/.test(key) && methods.length > 0) {
      // An Embind class: its methods are wrapped on its own prototype, and `new` through a proxy.
      for (const m of methods) {
        const method = (proto as Record<string, unknown>)[m];
        if (typeof method === 'function')
          (proto as Record<string, unknown>)[m] = guarded(method as Fn, false);
      }
      const construct = guarded(value as Fn, true);
      table[key] = new Proxy(value, { construct: (_, args) => construct(...args) as object });
    } else {
      table[key] = guarded(value as Fn, false);
    }
  }
  return raw;
}
