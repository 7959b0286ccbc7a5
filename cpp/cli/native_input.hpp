// A file or standard input as the text it holds, told by its first bytes whatever its name, as
// the JS CLI tells them (bindings/ts/api/sources.ts): gzip (RFC 1952's 1f 8b) through zlib, zstd
// (RFC 8878's 28 b5 2f fd) through libzstd when the build found it, anything else as it is.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace onepass_native {

class TextInput {
 public:
  virtual ~TextInput() = default;
  // Up to `n` bytes of text into `out`: how many, 0 at the end, or -1 when the bytes cannot be
  // decoded (why() says why, as the message's end: "the gzip-compressed input cannot be
  // decompressed (...)").
  virtual long read(char* out, std::size_t n) = 0;
  const std::string& why() const { return why_; }

 protected:
  std::string why_;
};

// The text of `path` ("-": standard input), or null when the file cannot be opened.
std::unique_ptr<TextInput> open_text(const std::string& path);

}  // namespace onepass_native
