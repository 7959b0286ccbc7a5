#include "native_input.hpp"

#include <zlib.h>
#ifdef ONEPASS_ZSTD
#include <zstd.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

namespace onepass_native {

namespace {

constexpr std::size_t kInBytes = 1 << 16;

// The raw bytes: the first ones, read to tell the format, then the rest of the file.
class RawBytes {
 public:
  explicit RawBytes(const std::string& path)
      : file_(path == "-" ? stdin : std::fopen(path.c_str(), "rb")), owned_(path != "-") {
    if (!file_) return;
    head_.resize(6);
    head_.resize(std::fread(head_.data(), 1, head_.size(), file_));
  }
  ~RawBytes() {
    if (file_ && owned_) std::fclose(file_);
  }
  RawBytes(const RawBytes&) = delete;
  RawBytes& operator=(const RawBytes&) = delete;

  bool open() const { return file_ != nullptr; }
  bool starts_with(const unsigned char* magic, std::size_t n) const {
    return head_.size() >= n && std::memcmp(head_.data(), magic, n) == 0;
  }
  // Up to n bytes, the head first; 0 at the end.
  std::size_t read(char* out, std::size_t n) {
    if (at_ < head_.size()) {
      const std::size_t k = std::min(n, head_.size() - at_);
      std::memcpy(out, head_.data() + at_, k);
      at_ += k;
      return k;
    }
    return std::fread(out, 1, n, file_);
  }

 private:
  std::FILE* file_;
  bool owned_;
  std::vector<char> head_;
  std::size_t at_ = 0;
};

class PlainText : public TextInput {
 public:
  explicit PlainText(std::unique_ptr<RawBytes> raw) : raw_(std::move(raw)) {}
  long read(char* out, std::size_t n) override { return static_cast<long>(raw_->read(out, n)); }

 private:
  std::unique_ptr<RawBytes> raw_;
};

// A decoder fed the raw bytes a buffer at a time: gzip's and zstd's share the loop.
class Decoded : public TextInput {
 public:
  Decoded(std::unique_ptr<RawBytes> raw, const char* format)
      : raw_(std::move(raw)), format_(format), in_(kInBytes) {}

  long read(char* out, std::size_t n) override {
    if (failed_) return -1;
    std::size_t made = 0;
    while (made == 0) {
      if (at_ == held_ && !ended_) {
        held_ = raw_->read(in_.data(), in_.size());
        at_ = 0;
        ended_ = held_ == 0;
      }
      if (at_ == held_) {  // no bytes left: the end, or a stream cut inside a frame
        if (!complete()) return fail("it ends early: truncated?");
        return 0;
      }
      std::string error;
      made = step(out, n, error);
      if (!error.empty()) return fail(error);
    }
    return static_cast<long>(made);
  }

 protected:
  // Decodes from in_[at_, held_) into out, moving at_; the bytes written, an error when any.
  virtual std::size_t step(char* out, std::size_t n, std::string& error) = 0;
  // Whether the bytes so far end where a stream may end.
  virtual bool complete() const = 0;

  std::unique_ptr<RawBytes> raw_;
  const char* format_;
  std::vector<char> in_;
  std::size_t at_ = 0, held_ = 0;
  bool ended_ = false;

 private:
  long fail(const std::string& what) {
    failed_ = true;
    why_ =
        std::string("the ") + format_ + "-compressed input cannot be decompressed (" + what + ")";
    return -1;
  }
  bool failed_ = false;
};

// gzip through zlib's inflate; members written one after another read as one text, as gunzip
// reads them.
class GzipText : public Decoded {
 public:
  explicit GzipText(std::unique_ptr<RawBytes> raw) : Decoded(std::move(raw), "gzip") {
    inflateInit2(&z_, 16 + MAX_WBITS);
  }
  ~GzipText() override { inflateEnd(&z_); }

 private:
  std::size_t step(char* out, std::size_t n, std::string& error) override {
    if (member_ended_) {  // another member follows
      inflateReset(&z_);
      member_ended_ = false;
    }
    z_.next_in = reinterpret_cast<Bytef*>(in_.data() + at_);
    z_.avail_in = static_cast<uInt>(held_ - at_);
    z_.next_out = reinterpret_cast<Bytef*>(out);
    z_.avail_out = static_cast<uInt>(std::min<std::size_t>(n, 1u << 30));
    const uInt before = z_.avail_out;
    const int code = inflate(&z_, Z_NO_FLUSH);
    at_ = held_ - z_.avail_in;
    if (code == Z_STREAM_END)
      member_ended_ = true;
    else if (code != Z_OK && code != Z_BUF_ERROR)
      error = z_.msg ? z_.msg : "damaged data";
    return before - z_.avail_out;
  }
  bool complete() const override { return member_ended_; }

  z_stream z_{};
  bool member_ended_ = false;
};

#ifdef ONEPASS_ZSTD
// zstd through libzstd's streaming decoder; frames one after another read as one text.
class ZstdText : public Decoded {
 public:
  explicit ZstdText(std::unique_ptr<RawBytes> raw)
      : Decoded(std::move(raw), "zstd"), z_(ZSTD_createDStream()) {}
  ~ZstdText() override { ZSTD_freeDStream(z_); }

 private:
  std::size_t step(char* out, std::size_t n, std::string& error) override {
    ZSTD_inBuffer in{in_.data(), held_, at_};
    ZSTD_outBuffer o{out, n, 0};
    const std::size_t hint = ZSTD_decompressStream(z_, &o, &in);
    at_ = in.pos;
    if (ZSTD_isError(hint))
      error = ZSTD_getErrorName(hint);
    else
      frame_ended_ = hint == 0;
    return o.pos;
  }
  bool complete() const override { return frame_ended_; }

  ZSTD_DStream* z_;
  bool frame_ended_ = false;
};
#endif

// A zstd stream this build cannot read: refused before any row, naming the fix.
class Unreadable : public TextInput {
 public:
  explicit Unreadable(std::string why) { why_ = std::move(why); }
  long read(char*, std::size_t) override { return -1; }
};

}  // namespace

std::unique_ptr<TextInput> open_text(const std::string& path) {
  auto raw = std::make_unique<RawBytes>(path);
  if (!raw->open()) return nullptr;
  static constexpr unsigned char kGzip[] = {0x1f, 0x8b};
  static constexpr unsigned char kZstd[] = {0x28, 0xb5, 0x2f, 0xfd};
  if (raw->starts_with(kGzip, 2)) return std::make_unique<GzipText>(std::move(raw));
  if (raw->starts_with(kZstd, 4)) {
#ifdef ONEPASS_ZSTD
    return std::make_unique<ZstdText>(std::move(raw));
#else
    return std::make_unique<Unreadable>(
        "the input is zstd-compressed and this onepass-native was built without libzstd: build it "
        "with libzstd (Debian's libzstd-dev), or decompress it first (zstd -d FILE)");
#endif
  }
  // Tables the JS CLI reads as their CSV text (bindings/ts/api/parquet.ts, arrow.ts): refused by
  // name rather than read as text that is not.
  static constexpr unsigned char kParquet[] = {'P', 'A', 'R', '1'};
  static constexpr unsigned char kArrowFile[] = {'A', 'R', 'R', 'O', 'W', '1'};
  static constexpr unsigned char kArrowStream[] = {0xff, 0xff, 0xff, 0xff};
  const char* table = raw->starts_with(kParquet, 4)       ? "a Parquet file"
                      : raw->starts_with(kArrowFile, 6)   ? "an Arrow IPC file"
                      : raw->starts_with(kArrowStream, 4) ? "an Arrow IPC stream"
                                                          : nullptr;
  if (table)
    return std::make_unique<Unreadable>(
        std::string("the input is ") + table +
        ", which onepass-native does not read: the JS CLI (onepass) reads it as its CSV text");
  return std::make_unique<PlainText>(std::move(raw));
}

}  // namespace onepass_native
