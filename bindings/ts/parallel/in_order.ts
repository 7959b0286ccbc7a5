// The blocks of a run in flight (stream.ts): learned in the order they were sent, whoever
// reads them.
import type { BlockReply } from './messages.js';

/** A block this thread reads itself when its turn comes: its bytes, for the run's reader. */
export type HereBlock = () => Promise<BlockReply>;

/** Blocks in flight, answered in the order they were sent; at most `limit` at once. */
export class InOrder {
  #queue: (Promise<BlockReply> | HereBlock)[] = [];
  constructor(readonly limit: number) {}
  get size(): number {
    return this.#queue.length;
  }
  add(reply: Promise<BlockReply> | HereBlock): void {
    this.#queue.push(reply);
  }
  full(): boolean {
    return this.#queue.length >= this.limit;
  }
  next(): Promise<BlockReply> {
    const next = this.#queue.shift()!;
    return typeof next === 'function' ? next() : next;
  }
  /** After an error: replies still to come are of no use, and must not be unhandled. */
  drop(): void {
    for (const p of this.#queue) if (typeof p !== 'function') p.catch(() => undefined);
    this.#queue = [];
  }
}
