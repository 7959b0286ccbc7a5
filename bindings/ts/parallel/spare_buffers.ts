// Buffers that went back and forth between the learning thread and a parser worker (rows
// learned, blocks read), kept for reuse on both sides: a new buffer per block would leave the
// collectors megabytes of garbage per block (docs/design.md, "Every core").
export class SpareBuffers {
  #buffers: ArrayBuffer[] = [];

  constructor(readonly limit: number) {}

  give(...buffers: ArrayBuffer[]): void {
    this.#buffers.push(...buffers);
    if (this.#buffers.length > this.limit)
      this.#buffers.splice(0, this.#buffers.length - this.limit);
  }

  /** A buffer of at least `bytes`: a spare one, or a new one with room to spare (so that it
   * fits the next block too when it comes back). */
  take(bytes: number): ArrayBuffer {
    const i = this.#buffers.findIndex((b) => b.byteLength >= bytes);
    return i >= 0 ? this.#buffers.splice(i, 1)[0] : new ArrayBuffer(bytes + (bytes >> 2));
  }

  /** Up to `count` spare buffers of any size, to send to the other side. */
  some(count: number): ArrayBuffer[] {
    return this.#buffers.splice(0, count);
  }
}
