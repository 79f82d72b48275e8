//===- FileObjects.cpp - the descriptors behind open() --------------------===//
//
// The native half of the io module's text files (frontend/lib/python/io.py
// wraps these in TextIOWrapper): a FileHandle owns a descriptor that
// SandboxedFiles opened, buffers reads and writes, decodes UTF-8 (or ASCII,
// Latin-1) as CPython's text layer does and translates newlines
// (newline=None: '\r\n' and '\r' read as '\n'). The functions live in the
// hidden module `_parax` as file_open, file_read, ... (io.py calls them).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/FileObjects.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/SandboxedFiles.h"
#include "frontend/machine/Builtins.h"
#include "ir/HostMemory.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace parax::frontend {

namespace {
constexpr size_t kChunk = 1 << 16;

enum class Encoding { Utf8, Ascii, Latin1 };

bool isUtf8Sig(std::string name) {
  for (auto &c : name)
    c = char(std::tolower((unsigned char)c));
  return name == "utf-8-sig" || name == "utf_8_sig";
}

bool parseEncoding(std::string name, Encoding &out) {
  for (auto &c : name)
    c = char(std::tolower((unsigned char)c));
  for (auto &c : name)
    if (c == '_')
      c = '-';
  if (name == "utf-8" || name == "utf8" || name == "u8" || name == "utf-8-sig")
    out = Encoding::Utf8;
  else if (name == "ascii" || name == "us-ascii")
    out = Encoding::Ascii;
  else if (name == "latin-1" || name == "latin1" || name == "iso-8859-1" || name == "iso8859-1" ||
           name == "l1")
    out = Encoding::Latin1;
  else
    return false;
  return true;
}

/// Length of the UTF-8 sequence starting with byte `c` (0 if invalid).
size_t utf8Length(unsigned char c) {
  if (c < 0x80)
    return 1;
  if ((c >> 5) == 0x6)
    return c >= 0xC2 ? 2 : 0;
  if ((c >> 4) == 0xE)
    return 3;
  if ((c >> 3) == 0x1E)
    return c <= 0xF4 ? 4 : 0;
  return 0;
}

char hexDigit(int v) { return "0123456789abcdef"[v & 15]; }
} // namespace

class FileHandle : public NativeObject {
public:
  FileHandle(int fd, std::string name, FileSandbox::Mode mode, Encoding enc, Value newline,
             bool dropBom)
      : fd_(fd), name_(std::move(name)), mode_(mode), enc_(enc), dropBom_(dropBom) {
    if (newline.isNone()) {
      translate_ = true;
    } else {
      newline_ = newline.asStr();
    }
    if (mode_.append) // 'a': the position starts at the end, as in CPython
      ::lseek(fd_, 0, SEEK_END);
  }
  ~FileHandle() override {
    if (fd_ >= 0) {
      flushNoThrow();
      ::close(fd_);
    }
  }
  std::string typeName() const override { return "parax_file_handle"; }

  void checkOpen() const {
    if (fd_ < 0)
      raise("ValueError", "I/O operation on closed file.");
  }
  void checkReadable() const {
    checkOpen();
    if (!mode_.read)
      raise("UnsupportedOperation", "not readable");
  }
  void checkWritable() const {
    checkOpen();
    if (!mode_.write)
      raise("UnsupportedOperation", "not writable");
  }

  /// Reads `n` characters (n < 0: everything left).
  std::string read(int64_t n) {
    checkReadable();
    flush();
    std::string out;
    if (n < 0) {
      struct stat st;
      if (::fstat(fd_, &st) == 0)
        HostMemory::require(int64_t(st.st_size), "a file's contents");
      while (fill()) {
      }
      out = decodeRange(pos_, buf_.size());
      consumed(buf_.size());
      return out;
    }
    while (n > 0) {
      size_t start = pos_, i = pos_;
      while (n > 0) {
        if (i >= buf_.size() || needMore(i)) {
          break;
        }
        size_t len = charLength(i);
        if (translate_ && buf_[i] == '\r' && i + 1 < buf_.size() && buf_[i + 1] == '\n')
          len = 2;
        i += len;
        --n;
      }
      HostMemory::require(int64_t(out.size() + (i - start)), "a file's contents");
      out += decodeRange(start, i);
      consumed(i);
      if (n > 0 && !fill())
        break;
    }
    return out;
  }

  /// One line, its newline included (limit >= 0: at most that many characters).
  std::string readline(int64_t limit) {
    checkReadable();
    flush();
    std::string out;
    int64_t count = 0;
    for (;;) {
      size_t start = pos_, i = pos_;
      bool done = false;
      while (i < buf_.size() && (limit < 0 || count < limit)) {
        if (needMore(i))
          break;
        unsigned char c = buf_[i];
        size_t len = charLength(i);
        if (c == '\n' && (translate_ || newline_.empty() || newline_ == "\n")) {
          i += 1;
          done = true;
          break;
        }
        if (c == '\r' && (translate_ || newline_.empty() || newline_ == "\r" ||
                          newline_ == "\r\n")) {
          bool crlf = i + 1 < buf_.size() && buf_[i + 1] == '\n';
          if (crlf && (translate_ || newline_.empty() || newline_ == "\r\n")) {
            i += 2;
            done = true;
            break;
          }
          if (translate_ || newline_.empty() || newline_ == "\r") {
            i += 1;
            done = true;
            break;
          }
        }
        i += len;
        ++count;
      }
      HostMemory::require(int64_t(out.size() + (i - start)), "a line of a file");
      out += decodeRange(start, i);
      consumed(i);
      if (done || (limit >= 0 && count >= limit))
        break;
      if (!fill())
        break;
    }
    return out;
  }

  int64_t write(const std::string &s) {
    checkWritable();
    if (!rbufEmpty()) // a read-ahead buffer: write where the reader is
      dropReadAhead();
    std::string text = s;
    if (!translate_ && !newline_.empty() && newline_ != "\n") {
      std::string t;
      for (char c : text)
        t += c == '\n' ? newline_ : std::string(1, c);
      text = std::move(t);
    }
    for (size_t i = 0; i < text.size(); ++i) {
      unsigned char c = text[i];
      if (c >= 0x80 && enc_ != Encoding::Utf8) {
        size_t len = utf8Length(c);
        uint32_t cp = c & (0x7F >> len);
        for (size_t k = 1; k < len && i + k < text.size(); ++k)
          cp = (cp << 6) | (text[i + k] & 0x3F);
        if (enc_ == Encoding::Ascii || cp > 0xFF)
          raise("UnicodeEncodeError",
                std::string("'") + (enc_ == Encoding::Ascii ? "ascii" : "latin-1") +
                    "' codec can't encode character '\\x" + hexDigit(int(cp >> 4)) +
                    hexDigit(int(cp)) + "' in position " + std::to_string(i) +
                    ": ordinal not in range(" + (enc_ == Encoding::Ascii ? "128" : "256") + ")");
        wbuf_ += char(cp);
        i += len - 1;
        continue;
      }
      wbuf_ += char(c);
    }
    if (wbuf_.size() >= kChunk)
      flush();
    int64_t chars = 0;
    for (unsigned char c : s)
      chars += (c & 0xC0) != 0x80;
    return chars;
  }

  void flush() {
    size_t done = 0;
    while (done < wbuf_.size()) {
      ssize_t n = ::write(fd_, wbuf_.data() + done, wbuf_.size() - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0) {
        int e = errno;
        wbuf_.clear();
        raise("OSError", "[Errno " + std::to_string(e) + "] " + std::strerror(e));
      }
      done += size_t(n);
    }
    wbuf_.clear();
  }

  void close() {
    if (fd_ < 0)
      return;
    struct Closer {
      int &fd;
      ~Closer() {
        ::close(fd);
        fd = -1;
      }
    } closer{fd_};
    flush();
  }
  bool closed() const { return fd_ < 0; }

  int64_t tell() {
    checkOpen();
    flush();
    off_t at = ::lseek(fd_, 0, SEEK_CUR);
    if (at < 0)
      raise("OSError", "[Errno " + std::to_string(errno) + "] " + std::strerror(errno));
    return int64_t(at) - int64_t(buf_.size() - pos_);
  }

  int64_t seek(int64_t offset, int whence) {
    checkOpen();
    flush();
    if (whence == SEEK_CUR && offset != 0)
      raise("UnsupportedOperation", "can't do nonzero cur-relative seeks");
    if (whence == SEEK_END && offset != 0)
      raise("UnsupportedOperation", "can't do nonzero end-relative seeks");
    if (whence == SEEK_SET && offset < 0)
      raise("ValueError", "negative seek position " + std::to_string(offset));
    if (whence == SEEK_CUR)
      return tell();
    dropReadAhead();
    off_t at = ::lseek(fd_, off_t(offset), whence);
    if (at < 0)
      raise("OSError", "[Errno " + std::to_string(errno) + "] " + std::strerror(errno));
    eof_ = false;
    return int64_t(at);
  }

  int64_t truncate(int64_t size) {
    checkWritable();
    flush();
    if (size < 0)
      size = tell();
    if (::ftruncate(fd_, off_t(size)) != 0)
      raise("OSError", "[Errno " + std::to_string(errno) + "] " + std::strerror(errno));
    return size;
  }

private:
  void flushNoThrow() {
    try {
      flush();
    } catch (...) {
    }
  }
  bool rbufEmpty() const { return pos_ >= buf_.size(); }
  void dropReadAhead() {
    if (pos_ < buf_.size())
      ::lseek(fd_, -off_t(buf_.size() - pos_), SEEK_CUR);
    buf_.clear();
    pos_ = 0;
  }
  /// Reads one more chunk; false at the end of the file.
  bool fill() {
    if (eof_)
      return false;
    if (pos_ > 0) {
      buf_.erase(0, pos_);
      pos_ = 0;
    }
    HostMemory::require(int64_t(buf_.size() + kChunk), "a file's contents");
    size_t old = buf_.size();
    buf_.resize(old + kChunk);
    ssize_t n;
    do {
      n = ::read(fd_, buf_.data() + old, kChunk);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) {
      buf_.resize(old);
      eof_ = true;
      if (n < 0)
        raise("OSError", "[Errno " + std::to_string(errno) + "] " + std::strerror(errno));
      return false;
    }
    buf_.resize(old + size_t(n));
    if (dropBom_ && filePos_ == 0 && buf_.size() >= 3 && buf_.compare(0, 3, "\xEF\xBB\xBF") == 0) {
      buf_.erase(0, 3); // utf-8-sig: the byte order mark is not text
      filePos_ = 3;
    }
    dropBom_ = false;
    return true;
  }
  /// A character or a "\r\n" pair at `i` may continue past the buffer.
  bool needMore(size_t i) const {
    if (eof_)
      return false;
    if (buf_[i] == '\r' && i + 1 >= buf_.size())
      return true;
    return enc_ == Encoding::Utf8 && i + charLength(i) > buf_.size();
  }
  size_t charLength(size_t i) const {
    if (enc_ != Encoding::Utf8)
      return 1;
    size_t len = utf8Length((unsigned char)buf_[i]);
    return len ? len : 1;
  }
  void consumed(size_t upto) {
    filePos_ += upto - pos_;
    pos_ = upto;
  }
  /// Bytes [from, to) of the buffer as parax text (UTF-8), newlines
  /// translated; invalid input is a UnicodeDecodeError as in CPython.
  std::string decodeRange(size_t from, size_t to) {
    std::string out;
    out.reserve(to - from);
    for (size_t i = from; i < to; ++i) {
      unsigned char c = buf_[i];
      if (translate_ && c == '\r') {
        out += '\n';
        if (i + 1 < to && buf_[i + 1] == '\n')
          ++i;
        continue;
      }
      if (c < 0x80) {
        out += char(c);
        continue;
      }
      if (enc_ == Encoding::Latin1) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
        continue;
      }
      size_t len = enc_ == Encoding::Utf8 ? utf8Length(c) : 0;
      bool ok = len > 0 && i + len <= to;
      for (size_t k = 1; ok && k < len; ++k)
        ok = (buf_[i + k] & 0xC0) == 0x80;
      if (ok && len == 3) {
        unsigned char c1 = buf_[i + 1];
        ok = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0);
      }
      if (ok && len == 4) {
        unsigned char c1 = buf_[i + 1];
        ok = !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90);
      }
      if (!ok) {
        std::string byte = std::string("0x") + hexDigit(c >> 4) + hexDigit(c);
        raise("UnicodeDecodeError",
              std::string("'") + (enc_ == Encoding::Ascii ? "ascii" : "utf-8") +
                  "' codec can't decode byte " + byte + " in position " +
                  std::to_string(filePos_ + (i - pos_)) + ": " +
                  (enc_ == Encoding::Ascii ? "ordinal not in range(128)"
                   : len == 0              ? "invalid start byte"
                                           : "invalid continuation byte"));
      }
      out.append(buf_, i, len);
      i += len - 1;
    }
    return out;
  }

  int fd_;
  std::string name_;
  FileSandbox::Mode mode_;
  Encoding enc_;
  bool dropBom_ = false; ///< utf-8-sig: skip a leading byte order mark
  bool translate_ = false;
  std::string newline_;
  std::string buf_; ///< read-ahead bytes; [pos_, size) unread
  size_t pos_ = 0;
  int64_t filePos_ = 0; ///< bytes consumed, for decode error positions
  bool eof_ = false;
  std::string wbuf_;
};

namespace {
FileHandle &handleArg(const CallArgs &a, const std::string &fn) {
  FileHandle *h = a.args.empty() ? nullptr
                                 : a.args[0].kind() == Value::Kind::Native
                                       ? a.args[0].as<FileHandle>()
                                       : nullptr;
  if (!h)
    raise("TypeError", fn + "() needs a file handle");
  return *h;
}

int64_t intArg(const CallArgs &a, size_t i, int64_t dflt) {
  if (a.args.size() <= i || a.args[i].isNone())
    return dflt;
  if (!a.args[i].isInt())
    raise("TypeError", "argument should be integer or None, not '" + typeName(a.args[i]) + "'");
  return a.args[i].asInt();
}
} // namespace

void installFileFunctions(Evaluator &ev, ModuleObject &m) {
  (void)ev;
  // file_open(path, mode, encoding, newline) -> handle
  m.def("file_open", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 4, 4, "file_open");
    if (!a.args[0].isStr())
      raise("TypeError", "expected str, bytes or os.PathLike object, not " +
                             typeName(a.args[0]));
    std::string path = a.args[0].asStr(), mode = a.args[1].asStr();
    FileSandbox::Mode m;
    bool binary = false;
    std::string error;
    if (!FileSandbox::parseMode(mode, m, binary, error))
      raise("ValueError", error);
    Encoding enc = Encoding::Utf8;
    if (!a.args[2].isNone() && !parseEncoding(a.args[2].asStr(), enc))
      raise("LookupError", "unknown encoding: " + a.args[2].asStr(),
            "parax's files read and write utf-8, ascii and latin-1");
    Value newline = a.args[3];
    if (!newline.isNone()) {
      const std::string &nl = newline.asStr();
      if (nl != "" && nl != "\n" && nl != "\r" && nl != "\r\n")
        raise("ValueError", "illegal newline value: " + pyStrRepr(nl));
    }
    int fd = openProgramFile(ev, path, mode, "open");
    bool sig = !a.args[2].isNone() && isUtf8Sig(a.args[2].asStr()) && m.read;
    return Value::object(Value::Kind::Native,
                         std::make_shared<FileHandle>(fd, path, m, enc, newline, sig));
  });
  m.def("file_read", [](Evaluator &, CallArgs &a) {
    return Value::str(handleArg(a, "file_read").read(intArg(a, 1, -1)));
  });
  m.def("file_readline", [](Evaluator &, CallArgs &a) {
    return Value::str(handleArg(a, "file_readline").readline(intArg(a, 1, -1)));
  });
  m.def("file_write", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "file_write");
    if (!a.args[1].isStr())
      raise("TypeError", "write() argument must be str, not " + typeName(a.args[1]));
    return Value::integer(handleArg(a, "file_write").write(a.args[1].asStr()));
  });
  m.def("file_flush", [](Evaluator &, CallArgs &a) {
    FileHandle &h = handleArg(a, "file_flush");
    h.checkOpen();
    h.flush();
    return Value::none();
  });
  m.def("file_close", [](Evaluator &, CallArgs &a) {
    handleArg(a, "file_close").close();
    return Value::none();
  });
  m.def("file_closed", [](Evaluator &, CallArgs &a) {
    return Value::boolean(handleArg(a, "file_closed").closed());
  });
  m.def("file_tell", [](Evaluator &, CallArgs &a) {
    return Value::integer(handleArg(a, "file_tell").tell());
  });
  m.def("file_seek", [](Evaluator &, CallArgs &a) {
    int64_t whence = intArg(a, 2, 0);
    if (whence < 0 || whence > 2)
      raise("ValueError", "invalid whence (" + std::to_string(whence) +
                              ", should be 0, 1 or 2)");
    return Value::integer(handleArg(a, "file_seek").seek(intArg(a, 1, 0), int(whence)));
  });
  m.def("file_truncate", [](Evaluator &, CallArgs &a) {
    return Value::integer(handleArg(a, "file_truncate").truncate(intArg(a, 1, -1)));
  });
}

} // namespace parax::frontend
