// Reads a File as chunksOf (bindings/ts/api/sources.ts) does, and does nothing with the bytes.
const CHUNK = 1 << 20;
onmessage = async (e) => {
  const reader = e.data.stream().getReader({ mode: 'byob' });
  let buffer = new ArrayBuffer(CHUNK);
  let bytes = 0;
  for (let done = false; !done; ) {
    let filled = 0;
    while (filled < CHUNK) {
      const r = await reader.read(new Uint8Array(buffer, filled, CHUNK - filled));
      if (r.value) buffer = r.value.buffer;
      if (r.done) {
        done = true;
        break;
      }
      filled += r.value.byteLength;
    }
    bytes += filled;
  }
  postMessage(`Done: ${bytes} bytes`);
};
