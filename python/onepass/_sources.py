"""The bytes of a CSV source, chunk by chunk: a path, a file object (text or binary), or the
text itself as bytes."""

import os

CHUNK_BYTES = 1 << 20


def chunks(source):
    """Yields the source's bytes in chunks of at most CHUNK_BYTES."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        for start in range(0, len(data), CHUNK_BYTES):
            yield data[start : start + CHUNK_BYTES]
        return
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            yield from chunks(f)
        return
    if not hasattr(source, "read"):
        raise TypeError(
            f"a CSV source is a path, a file object or bytes, not {type(source).__name__}"
        )
    while True:
        block = source.read(CHUNK_BYTES)
        if not block:
            return
        yield block.encode("utf-8") if isinstance(block, str) else block


def feed(stream, source):
    """Pushes the source into a core stream (a runner or a scorer) and finishes it."""
    for block in chunks(source):
        stream.push(block)
    stream.finish()
