//===- SandboxedFiles.cpp - the files a program may open ------------------===//
#include "frontend/lib/SandboxedFiles.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "ir/HostMemory.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace parax::frontend {

namespace {
std::vector<std::string> splitPath(const std::string &p) {
  std::vector<std::string> parts;
  size_t i = 0;
  while (i <= p.size()) {
    size_t j = p.find('/', i);
    if (j == std::string::npos)
      j = p.size();
    if (j > i)
      parts.push_back(p.substr(i, j - i));
    i = j + 1;
  }
  return parts;
}

std::string joinPath(const std::vector<std::string> &parts) {
  std::string s;
  for (auto &p : parts)
    s += "/" + p;
  return s.empty() ? "/" : s;
}

std::string currentDir() {
  std::string buf(PATH_MAX, '\0');
  if (!getcwd(buf.data(), buf.size()))
    return "/";
  buf.resize(std::strlen(buf.c_str()));
  return buf;
}

std::string realPath(const std::string &p, bool &ok) {
  char *r = ::realpath(p.c_str(), nullptr);
  ok = r != nullptr;
  std::string s = r ? r : "";
  std::free(r);
  return s;
}

bool inside(const std::string &path, const std::string &dir) {
  if (dir == "/")
    return !path.empty() && path[0] == '/';
  return path == dir || (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
                         path[dir.size()] == '/');
}

/// CPython's OSError text: "[Errno 2] No such file or directory: 'x.txt'".
FileError osError(int errnum, const std::string &path) {
  FileError e;
  e.errnum = errnum;
  switch (errnum) {
  case ENOENT:
    e.kind = "FileNotFoundError";
    break;
  case EISDIR:
    e.kind = "IsADirectoryError";
    break;
  case ENOTDIR:
    e.kind = "NotADirectoryError";
    break;
  case EACCES:
  case EPERM:
    e.kind = "PermissionError";
    break;
  case EEXIST:
    e.kind = "FileExistsError";
    break;
  default:
    e.kind = "OSError";
  }
  e.message = "[Errno " + std::to_string(errnum) + "] " + std::strerror(errnum) + ": " +
              pyStrRepr(path);
  return e;
}
} // namespace

FileSandbox::~FileSandbox() {
  for (auto &g : grants_)
    if (g.fd >= 0)
      ::close(g.fd);
}

std::string FileSandbox::absolutePath(const std::string &path) {
  std::string joined = !path.empty() && path[0] == '/' ? path : currentDir() + "/" + path;
  std::vector<std::string> out;
  for (auto &part : splitPath(joined)) {
    if (part == ".")
      continue;
    if (part == "..") {
      if (!out.empty())
        out.pop_back();
      continue;
    }
    out.push_back(part);
  }
  return joinPath(out);
}

bool FileSandbox::grant(const std::string &dir, Access access, std::string &error) {
  const char *flag = access == Access::Read ? "--allow-read" : "--allow-write";
  if (dir.empty()) {
    error = std::string(flag) + " needs a directory";
    return false;
  }
  bool ok = false;
  std::string real = realPath(dir, ok);
  struct stat st;
  if (!ok || ::stat(real.c_str(), &st) != 0) {
    error = std::string(flag) + ": '" + dir + "' does not exist";
    return false;
  }
  if (!S_ISDIR(st.st_mode)) {
    error = std::string(flag) + ": '" + dir + "' is not a directory";
    return false;
  }
  int fd = ::open(real.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    error = std::string(flag) + ": cannot open '" + dir + "': " + std::strerror(errno);
    return false;
  }
  grants_.push_back({real, fd, access});
  return true;
}

bool FileSandbox::granted(Access access) const {
  for (auto &g : grants_)
    if (g.access == access)
      return true;
  return false;
}

std::vector<std::string> FileSandbox::grantedDirs(Access access) const {
  std::vector<std::string> dirs;
  for (auto &g : grants_)
    if (g.access == access)
      dirs.push_back(g.real);
  return dirs;
}

bool FileSandbox::parseMode(const std::string &mode, Mode &out, bool &binary,
                            std::string &error) {
  out = Mode();
  binary = false;
  int kinds = 0, plus = 0, text = 0;
  for (char c : mode) {
    switch (c) {
    case 'r':
      out.read = true;
      ++kinds;
      break;
    case 'w':
      out.write = out.create = out.truncate = true;
      ++kinds;
      break;
    case 'a':
      out.write = out.create = out.append = true;
      ++kinds;
      break;
    case 'x':
      out.write = out.create = out.exclusive = true;
      ++kinds;
      break;
    case '+':
      ++plus;
      break;
    case 'b':
      binary = true;
      break;
    case 't':
      ++text;
      break;
    default:
      error = "invalid mode: '" + mode + "'";
      return false;
    }
  }
  if (kinds != 1 || plus > 1 || text > 1 || (binary && text) ||
      mode.size() != size_t(kinds + plus + text + (binary ? 1 : 0))) {
    error = kinds != 1 ? "must have exactly one of create/read/write/append mode"
                       : "invalid mode: '" + mode + "'";
    return false;
  }
  if (plus)
    out.read = out.write = true;
  return true;
}

std::string FileSandbox::resolve(const std::string &abs, bool &exists) {
  bool ok = false;
  std::string real = realPath(abs, ok);
  exists = ok;
  if (ok)
    return real;
  // The longest prefix that exists, resolved; the rest appended as written
  // (a missing directory in it makes the open fail, as it would anyway).
  std::vector<std::string> parts = splitPath(abs), tail;
  while (!parts.empty()) {
    tail.insert(tail.begin(), parts.back());
    parts.pop_back();
    std::string prefix = realPath(joinPath(parts), ok);
    if (ok) {
      std::vector<std::string> resolved = splitPath(prefix);
      for (auto &t : tail) {
        if (t == ".")
          continue;
        if (t == "..") {
          if (!resolved.empty())
            resolved.pop_back();
          continue;
        }
        resolved.push_back(t);
      }
      return joinPath(resolved);
    }
  }
  return abs;
}

std::string FileSandbox::resolvePath(const std::string &path) {
  bool exists = false;
  return resolve(!path.empty() && path[0] == '/' ? path : currentDir() + "/" + path, exists);
}

const FileSandbox::Grant *FileSandbox::grantFor(const std::string &real, Access access) const {
  const Grant *best = nullptr;
  for (auto &g : grants_)
    if (g.access == access && inside(real, g.real) &&
        (!best || g.real.size() > best->real.size()))
      best = &g;
  return best;
}

FileError FileSandbox::denied(const std::string &path, Access access) const {
  bool write = access == Access::Write;
  const char *flag = write ? "--allow-write" : "--allow-read";
  FileError err = osError(EACCES, path);
  err.message += std::string(" (") + (write ? "writing" : "reading") + " files needs " + flag +
                 " DIR for a directory that holds it)";
  std::vector<std::string> dirs = grantedDirs(access);
  std::string list;
  for (auto &d : dirs)
    list += (list.empty() ? "" : ", ") + d;
  err.hint = dirs.empty()
                 ? std::string("parax gives a program no file access unless granted: run it "
                               "with ") +
                       flag + " DIR"
                 : std::string("the program may ") + (write ? "write" : "read") + " only under " +
                       list + "; grant another directory with " + flag + " DIR";
  return err;
}

int FileSandbox::open(const std::string &path, const Mode &mode, FileError &err) const {
  if (path.empty() || path.find('\0') != std::string::npos) {
    err = path.empty() ? osError(ENOENT, path) : FileError{"ValueError", "embedded null byte", "", 0};
    return -1;
  }
  bool exists = false;
  std::string real = resolve(path[0] == '/' ? path : currentDir() + "/" + path, exists);
  if (mode.read && !grantFor(real, Access::Read)) {
    err = denied(path, Access::Read);
    return -1;
  }
  if (mode.write && !grantFor(real, Access::Write)) {
    err = denied(path, Access::Write);
    return -1;
  }
  return openResolved(real, path, mode, err);
}

int FileSandbox::walk(const Grant &g, const std::vector<std::string> &parts, size_t count,
                      const std::string &path, FileError &err) {
  int dirfd = g.fd;
  for (size_t i = 0; i < count; ++i) {
    if (parts[i] == "." || parts[i] == "..") {
      if (dirfd != g.fd)
        ::close(dirfd);
      err = osError(EACCES, path);
      return -1;
    }
    int next = ::openat(dirfd, parts[i].c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int e = errno;
    struct stat st;
    // O_NOFOLLOW|O_DIRECTORY on a symlink is ENOTDIR: a swapped-in link.
    if (next < 0 && e == ENOTDIR &&
        ::fstatat(dirfd, parts[i].c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
      e = EACCES;
    if (dirfd != g.fd)
      ::close(dirfd);
    if (next < 0) {
      err = osError(e == ELOOP ? EACCES : e, path);
      return -1;
    }
    dirfd = next;
  }
  return dirfd;
}

namespace {
std::vector<std::string> partsBelow(const std::string &real, const std::string &grant) {
  return splitPath(real.substr(grant == "/" ? 0 : grant.size()));
}
} // namespace

int FileSandbox::openResolved(const std::string &real, const std::string &path, const Mode &mode,
                              FileError &err) const {
  const Grant *writeGrant = mode.write ? grantFor(real, Access::Write) : nullptr;
  const Grant *readGrant = mode.read ? grantFor(real, Access::Read) : nullptr;
  if ((mode.write && !writeGrant) || (mode.read && !readGrant) || (!mode.read && !mode.write)) {
    err = osError(EACCES, path);
    return -1;
  }
  const Grant &g = writeGrant ? *writeGrant : *readGrant;
  std::vector<std::string> parts = partsBelow(real, g.real);
  if (parts.empty()) {
    err = osError(EISDIR, path);
    return -1;
  }
  // Walk from the granted directory's own descriptor, following no
  // symlink: `real` has none, so one found now was swapped in.
  int dirfd = walk(g, parts, parts.size() - 1, path, err);
  if (dirfd < 0)
    return -1;
  int flags = O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY;
  flags |= mode.read && mode.write ? O_RDWR : mode.write ? O_WRONLY : O_RDONLY;
  if (mode.create)
    flags |= O_CREAT;
  if (mode.truncate)
    flags |= O_TRUNC;
  if (mode.append)
    flags |= O_APPEND;
  if (mode.exclusive)
    flags |= O_EXCL;
  int fd = ::openat(dirfd, parts.back().c_str(), flags, 0666);
  int e = errno;
  if (dirfd != g.fd)
    ::close(dirfd);
  if (fd < 0) {
    err = osError(e == ELOOP ? EACCES : e == ENXIO ? EACCES : e, path);
    return -1;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    bool dir = S_ISDIR(st.st_mode);
    ::close(fd);
    err = osError(dir ? EISDIR : EACCES, path);
    if (!dir)
      err.hint = "parax opens only regular files (not FIFOs, devices or sockets)";
    return -1;
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

std::string FileSandbox::resolveParent(const std::string &path, std::string &name) {
  std::string abs = path[0] == '/' ? path : currentDir() + "/" + path;
  while (abs.size() > 1 && abs.back() == '/')
    abs.pop_back();
  size_t cut = abs.rfind('/');
  name = abs.substr(cut + 1);
  std::string parent = cut == 0 ? "/" : abs.substr(0, cut);
  bool ok = false;
  std::string real = realPath(parent, ok);
  if (!ok)
    return "";
  if (name == "." || name == ".." || name.empty()) {
    std::string whole = realPath(abs, ok);
    size_t c = whole.rfind('/');
    name = ok ? whole.substr(c + 1) : "";
    return ok && c != std::string::npos ? (c == 0 ? "/" : whole.substr(0, c)) + "/" + name : "";
  }
  return (real == "/" ? "" : real) + "/" + name;
}

bool FileSandbox::fileOp(Op op, const std::string &path, FileError &err,
                         std::vector<std::string> *names, int64_t *size) const {
  if (path.empty() || path.find('\0') != std::string::npos) {
    err = path.empty() ? osError(ENOENT, path) : FileError{"ValueError", "embedded null byte", "", 0};
    return false;
  }
  bool reading = op == Op::List || op == Op::Size;
  Access access = reading ? Access::Read : Access::Write;
  std::string name, real;
  bool exists = false;
  if (reading) {
    real = resolve(path[0] == '/' ? path : currentDir() + "/" + path, exists);
  } else {
    real = resolveParent(path, name);
    if (real.empty()) {
      // The parent is missing: ENOENT only when the path would be granted.
      std::string lexical = absolutePath(path);
      err = grantFor(lexical, access) ? osError(ENOENT, path) : denied(path, access);
      return false;
    }
  }
  const Grant *g = grantFor(real, access);
  if (!g && reading)
    g = grantFor(real, Access::Write); // a write grant may list what it writes
  if (!g || (!reading && real == g->real)) {
    err = denied(path, access);
    return false;
  }
  std::vector<std::string> parts = partsBelow(real, g->real);
  size_t dirs = op == Op::List ? parts.size() : parts.size() - 1;
  int dirfd = walk(*g, parts, dirs, path, err);
  if (dirfd < 0)
    return false;
  struct Closer {
    int fd, keep;
    ~Closer() {
      if (fd != keep)
        ::close(fd);
    }
  } closer{dirfd, g->fd};
  int rc = 0;
  switch (op) {
  case Op::Remove:
    rc = ::unlinkat(dirfd, parts.back().c_str(), 0);
    break;
  case Op::RemoveDir:
    rc = ::unlinkat(dirfd, parts.back().c_str(), AT_REMOVEDIR);
    break;
  case Op::MakeDir:
    rc = ::mkdirat(dirfd, parts.back().c_str(), 0777);
    break;
  case Op::Size: {
    struct stat st;
    rc = ::fstatat(dirfd, parts.back().c_str(), &st, AT_SYMLINK_NOFOLLOW);
    if (rc == 0 && size)
      *size = int64_t(st.st_size);
    break;
  }
  case Op::List: {
    int fd = ::openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd < 0 ? nullptr : ::fdopendir(fd);
    if (!d) {
      int e = errno;
      if (fd >= 0)
        ::close(fd);
      err = osError(e, path);
      return false;
    }
    while (struct dirent *ent = ::readdir(d)) {
      std::string n = ent->d_name;
      if (n != "." && n != ".." && names)
        names->push_back(n);
    }
    ::closedir(d);
    break;
  }
  }
  if (rc != 0) {
    err = osError(errno == ELOOP ? EACCES : errno, path);
    return false;
  }
  return true;
}

bool FileSandbox::rename(const std::string &from, const std::string &to, FileError &err) const {
  std::string n1, n2;
  std::string r1 = from.empty() ? "" : resolveParent(from, n1);
  std::string r2 = to.empty() ? "" : resolveParent(to, n2);
  const Grant *g1 = r1.empty() ? nullptr : grantFor(r1, Access::Write);
  const Grant *g2 = r2.empty() ? nullptr : grantFor(r2, Access::Write);
  if (!g1 || r1 == g1->real) {
    err = r1.empty() && grantFor(absolutePath(from), Access::Write) ? osError(ENOENT, from)
                                                                     : denied(from, Access::Write);
    return false;
  }
  if (!g2 || r2 == g2->real) {
    err = r2.empty() && grantFor(absolutePath(to), Access::Write) ? osError(ENOENT, to)
                                                                   : denied(to, Access::Write);
    return false;
  }
  std::vector<std::string> p1 = partsBelow(r1, g1->real), p2 = partsBelow(r2, g2->real);
  int d1 = walk(*g1, p1, p1.size() - 1, from, err);
  if (d1 < 0)
    return false;
  int d2 = walk(*g2, p2, p2.size() - 1, to, err);
  if (d2 < 0) {
    if (d1 != g1->fd)
      ::close(d1);
    return false;
  }
  int rc = ::renameat(d1, p1.back().c_str(), d2, p2.back().c_str());
  int e = errno;
  if (d1 != g1->fd)
    ::close(d1);
  if (d2 != g2->fd)
    ::close(d2);
  if (rc != 0) {
    err = osError(e, from);
    err.message += " -> " + pyStrRepr(to);
    return false;
  }
  return true;
}

std::string FileSandbox::visiblePath(const std::string &path) const {
  if (path.empty() || path.find('\0') != std::string::npos)
    return "";
  bool exists = false;
  std::string real = resolve(path[0] == '/' ? path : currentDir() + "/" + path, exists);
  if (!exists)
    return "";
  for (auto &g : grants_)
    if (inside(real, g.real))
      return real;
  return "";
}

FileSandbox::Kind FileSandbox::kindOf(const std::string &path) const {
  std::string real = visiblePath(path);
  struct stat st;
  if (real.empty() || ::stat(real.c_str(), &st) != 0)
    return Kind::Missing;
  return S_ISREG(st.st_mode) ? Kind::File : S_ISDIR(st.st_mode) ? Kind::Directory : Kind::Other;
}

std::shared_ptr<FileSandbox> makeFileSandbox(const std::vector<std::string> &readDirs,
                                             const std::vector<std::string> &writeDirs,
                                             std::string &error) {
  auto box = std::make_shared<FileSandbox>();
  for (auto &d : readDirs)
    if (!box->grant(d, FileSandbox::Access::Read, error))
      return nullptr;
  for (auto &d : writeDirs)
    if (!box->grant(d, FileSandbox::Access::Write, error))
      return nullptr;
  return box;
}

//===----------------------------------------------------------------------===//
// The evaluator's entry points
//===----------------------------------------------------------------------===//
[[noreturn]] void raiseFileError(Evaluator &ev, const FileError &e, const std::string &path) {
  if (e.errnum == 0)
    raise(e.kind, e.message, e.hint);
  // An OSError as CPython builds it: args (errno, strerror), .filename.
  auto type = ev.exceptionTypes().find(e.kind);
  if (!type)
    raise(e.kind, e.message, e.hint);
  auto exc = std::make_shared<ExceptionValue>(
      type, std::vector<Value>{Value::integer(e.errnum), Value::str(std::strerror(e.errnum))});
  exc->ev = &ev;
  exc->attrs.emplace_back("errno", Value::integer(e.errnum));
  exc->attrs.emplace_back("strerror", Value::str(std::strerror(e.errnum)));
  exc->attrs.emplace_back("filename", Value::str(path));
  Diagnostic d;
  d.kind = e.kind;
  d.message = e.message;
  d.hint = e.hint;
  d.loc = ev.currentLoc();
  throw RaisedError(std::move(d), Value::object(Value::Kind::Native, exc));
}

namespace {
const FileSandbox &sandboxOf(Evaluator &ev) {
  static const FileSandbox none;
  return ev.options().files ? *ev.options().files : none;
}
} // namespace

int openProgramFile(Evaluator &ev, const std::string &path, const std::string &mode,
                    const std::string &what) {
  FileSandbox::Mode m;
  bool binary = false;
  std::string error;
  if (!FileSandbox::parseMode(mode, m, binary, error))
    raise("ValueError", error);
  FileError err;
  int fd = sandboxOf(ev).open(path, m, err);
  if (fd < 0)
    raiseFileError(ev, err, path);
  (void)what;
  return fd;
}

std::string readProgramFile(Evaluator &ev, const std::string &path, const std::string &what) {
  int fd = openProgramFile(ev, path, "r", what);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st;
  if (::fstat(fd, &st) == 0)
    HostMemory::require(int64_t(st.st_size), "a file's contents");
  std::string text;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      FileError e = osError(errno, path);
      raiseFileError(ev, e, path);
    }
    if (n == 0)
      break;
    HostMemory::require(int64_t(text.size() + size_t(n)), "a file's contents");
    text.append(buf, size_t(n));
  }
  return text;
}

void writeProgramFile(Evaluator &ev, const std::string &path, const std::string &text,
                      const std::string &what) {
  int fd = openProgramFile(ev, path, "w", what);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      FileError e = osError(errno, path);
      raiseFileError(ev, e, path);
    }
    done += size_t(n);
  }
}

} // namespace parax::frontend
