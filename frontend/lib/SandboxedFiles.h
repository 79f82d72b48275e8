//===- SandboxedFiles.h - the files a program may open ---------*- C++ -*-===//
//
// A program has no file access unless the command line grants it:
// `--allow-read DIR` and `--allow-write DIR` (repeatable; the embedding API
// and the REPL take the same grants). A path is allowed when its real path
// - relative to the working directory, `..` and every symlink resolved - is
// inside a directory granted for that access. The check cannot be raced:
// each granted directory is opened once, when it is granted, and a file is
// then opened from that descriptor one component at a time with O_NOFOLLOW
// along the already resolved path, so a symlink swapped in after the check
// makes the open fail instead of leading outside. Only regular files are
// opened (a FIFO or a device could block or never end).
//
// Every file a program opens goes through FileSandbox::open: open() and the
// io module, and numpy's loaders and savers (np.loadtxt, np.savetxt, ...),
// which read and write whole files with readFile / writeFile.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace parax::frontend {

class Evaluator;

/// Why an open failed, as a Python exception: its class ("PermissionError",
/// "FileNotFoundError", ...), CPython's message and the errno it carries.
struct FileError {
  std::string kind, message, hint;
  int errnum = 0;
};

class FileSandbox {
public:
  enum class Access { Read, Write };

  FileSandbox() = default;
  ~FileSandbox();
  FileSandbox(const FileSandbox &) = delete;
  FileSandbox &operator=(const FileSandbox &) = delete;

  /// Grants `access` under `dir` (an existing directory; resolved now, and
  /// held open). False with `error` when it is not a directory.
  bool grant(const std::string &dir, Access access, std::string &error);
  /// Whether any directory is granted for `access`.
  bool granted(Access access) const;
  /// The granted directories' real paths (for messages).
  std::vector<std::string> grantedDirs(Access access) const;

  /// How a program wants a file: 'r', 'w', 'a', 'x', each optionally with
  /// '+' (Python's open modes without 'b'/'t').
  struct Mode {
    bool read = false, write = false, create = false, truncate = false, append = false,
         exclusive = false;
  };
  /// Parses the mode letters of open(); false for an invalid mode.
  static bool parseMode(const std::string &mode, Mode &out, bool &binary, std::string &error);

  /// Opens `path` (relative to the working directory) for `mode`. Returns a
  /// descriptor (the caller closes it), or -1 with `err` set.
  int open(const std::string &path, const Mode &mode, FileError &err) const;
  /// The second, race-free half of open(): opens `real` (a resolved path
  /// inside a grant for `mode`) from the granted directory's descriptor, one
  /// component at a time, following no symlink - one swapped in since the
  /// path was resolved makes it fail with PermissionError. `path` is the
  /// name for messages.
  int openResolved(const std::string &real, const std::string &path, const Mode &mode,
                   FileError &err) const;
  /// Resolves `path` (relative to the working directory) as open() does:
  /// the real path of its longest existing prefix, the rest appended.
  static std::string resolvePath(const std::string &path);
  /// The real path of `path` when it is inside a directory granted for
  /// any access, else "" (os.path.exists and friends see nothing else).
  std::string visiblePath(const std::string &path) const;
  /// Whether `path` names an existing regular file / directory inside a
  /// grant (os.path.exists/isfile/isdir).
  enum class Kind { Missing, File, Directory, Other };
  Kind kindOf(const std::string &path) const;

  /// os's file-system operations, each checked as open() checks its path
  /// (a write grant for changes, a read grant for listing and sizes) and
  /// done from a descriptor reached the same race-free way: os.remove,
  /// os.rmdir, os.mkdir, os.listdir (into `names`), os.path.getsize (into
  /// `size`). False with `err` when refused or failed.
  enum class Op { Remove, RemoveDir, MakeDir, List, Size };
  bool fileOp(Op op, const std::string &path, FileError &err,
              std::vector<std::string> *names = nullptr, int64_t *size = nullptr) const;
  /// os.rename / os.replace: both paths inside write grants.
  bool rename(const std::string &from, const std::string &to, FileError &err) const;

  /// Lexical absolute path: `path` joined to the working directory, `.`
  /// and `..` removed by string rules (no file system access).
  static std::string absolutePath(const std::string &path);

private:
  struct Grant {
    std::string real; ///< resolved, no trailing '/' (except "/")
    int fd = -1;      ///< O_PATH|O_DIRECTORY descriptor of `real`
    Access access;
  };
  /// Resolves `abs` as far as it exists (realpath of the longest existing
  /// prefix, the rest appended lexically).
  static std::string resolve(const std::string &abs, bool &exists);
  const Grant *grantFor(const std::string &real, Access access) const;
  /// The real path of `path`'s parent directory joined with its last name
  /// (the name itself not resolved: os.remove removes a symlink, not its
  /// target); "" when the parent does not exist.
  static std::string resolveParent(const std::string &path, std::string &name);
  /// A denial for `path`, naming the flag that would grant `access`.
  FileError denied(const std::string &path, Access access) const;
  /// Walks `parts` (directories) from `g`'s descriptor without following
  /// symlinks; an O_PATH descriptor (the caller closes it unless it is
  /// g.fd), or -1 with `err`.
  static int walk(const Grant &g, const std::vector<std::string> &parts, size_t count,
                  const std::string &path, FileError &err);
  std::vector<Grant> grants_;
};

/// A sandbox granting `readDirs` and `writeDirs`; null with `error` when
/// one of them is not an existing directory.
std::shared_ptr<FileSandbox> makeFileSandbox(const std::vector<std::string> &readDirs,
                                             const std::vector<std::string> &writeDirs,
                                             std::string &error);

/// The evaluator's sandbox, raising the located Python exception when a
/// file cannot be opened: the checked open that open(), the io module and
/// numpy's file functions share. `what` names the caller for messages
/// ("open", "numpy.loadtxt").
int openProgramFile(Evaluator &ev, const std::string &path, const std::string &mode,
                    const std::string &what);
/// Raises `e` as the Python exception CPython raises (an OSError subclass
/// with errno, strerror and filename), located at the running line.
[[noreturn]] void raiseFileError(Evaluator &ev, const FileError &e, const std::string &path);
/// A whole granted file's text (numpy's loaders), charged to the host
/// memory budget before it is read.
std::string readProgramFile(Evaluator &ev, const std::string &path, const std::string &what);
/// Writes `text` to a granted file (numpy's savers), replacing it.
void writeProgramFile(Evaluator &ev, const std::string &path, const std::string &text,
                      const std::string &what);

} // namespace parax::frontend
