// Blocks of whole records cut from a stream, for the parser workers (stream.ts).

/** Bytes per block: large enough that a message costs little beside parsing it, small enough
 * that several are in flight in a large file. */
export const BLOCK_BYTES = 1 << 20;

/** Cuts a stream of chunks into blocks of whole records of about `blockBytes`, each a new
 * buffer (it may be transferred; the chunks a reader hands out may be reused). */
export class RecordCutter {
  #parts: Uint8Array[] = [];
  #size = 0;
  /** false once a block was cut inside a record: from then on only the run's reader may read. */
  whole = true;

  /** `allocate` gives the buffer of a block (a spare one when there is). */
  constructor(
    readonly blockBytes = BLOCK_BYTES,
    readonly allocate: (bytes: number) => ArrayBuffer = (bytes) => new ArrayBuffer(bytes),
  ) {}

  /** The blocks complete after this chunk (each byte is copied once, into its block). A block
   * may end inside a record when no line break came for 4 blocks' worth of bytes (one huge
   * record, line breaks of '\r' only): `whole` then says it is not whole records. */
  *cut(chunk: Uint8Array): Generator<Uint8Array> {
    const nl = this.#size + chunk.length < this.blockBytes ? -1 : chunk.lastIndexOf(10);
    if (nl < 0 && this.#size + chunk.length > 4 * this.blockBytes) {
      this.#parts.push(chunk);
      this.#size += chunk.length;
      this.whole = false;
      yield this.rest(); // bounded memory: the run's reader takes it as it comes
      return;
    }
    if (nl < 0) {
      // not enough yet, or no record ends in this chunk: keep it for the next
      this.#parts.push(chunk.slice());
      this.#size += chunk.length;
      return;
    }
    const bytes = this.#size + nl + 1;
    const block = new Uint8Array(this.allocate(bytes), 0, bytes);
    block.set(chunk.subarray(0, nl + 1), this.#copyParts(block));
    const rest = chunk.slice(nl + 1);
    this.#parts = rest.length ? [rest] : [];
    this.#size = rest.length;
    yield block;
  }

  /** What is left: the last record when it has no line break. */
  rest(): Uint8Array {
    const out = new Uint8Array(this.#size);
    this.#copyParts(out);
    this.#parts = [];
    this.#size = 0;
    return out;
  }

  /** The parts kept so far, copied to the start of `into`; returns where they end. */
  #copyParts(into: Uint8Array): number {
    let at = 0;
    for (const p of this.#parts) (into.set(p, at), (at += p.length));
    return at;
  }
}
