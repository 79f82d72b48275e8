//===- SandboxedFilesTest.cpp - a program cannot open files outside grants ===//
//
// A real directory tree with symlinks in a temporary directory: grants,
// `..`, absolute paths, symlinks inside a grant pointing out (and in), a
// directory swapped for a symlink between the check and the open, FIFOs,
// modes that need the other grant.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/SandboxedFiles.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace parax::frontend;
namespace fs = std::filesystem;

namespace {
class SandboxedFilesTest : public ::testing::Test {
protected:
  void SetUp() override {
    char tmpl[] = "/tmp/parax-sandbox-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    root = tmpl;
    fs::create_directories(root + "/in/sub");
    fs::create_directories(root + "/out");
    write(root + "/in/data.txt", "inside\n");
    write(root + "/in/sub/deep.txt", "deep\n");
    write(root + "/out/secret.txt", "secret\n");
    fs::create_symlink(root + "/out/secret.txt", root + "/in/link_out");
    fs::create_symlink("../out", root + "/in/dir_out");
    fs::create_symlink(root + "/in/data.txt", root + "/in/link_in");
    fs::create_symlink("sub", root + "/in/dir_in");
    std::string error;
    ASSERT_TRUE(box.grant(root + "/in", FileSandbox::Access::Read, error)) << error;
  }
  void TearDown() override { fs::remove_all(root); }

  static void write(const std::string &path, const std::string &text) {
    std::ofstream(path) << text;
  }
  static std::string contents(int fd) {
    std::string s;
    char buf[256];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0)
      s.append(buf, size_t(n));
    ::close(fd);
    return s;
  }
  static FileSandbox::Mode mode(const std::string &m) {
    FileSandbox::Mode out;
    bool binary = false;
    std::string error;
    EXPECT_TRUE(FileSandbox::parseMode(m, out, binary, error)) << error;
    return out;
  }
  /// Opens `path` for reading; "" and the error kind in `kind` when refused.
  std::string read(const std::string &path, std::string *kind = nullptr) {
    FileError err;
    int fd = box.open(path, mode("r"), err);
    if (kind)
      *kind = err.kind;
    return fd < 0 ? "" : contents(fd);
  }

  std::string root;
  FileSandbox box;
};
} // namespace

TEST_F(SandboxedFilesTest, ReadsInsideTheGrant) {
  EXPECT_EQ(read(root + "/in/data.txt"), "inside\n");
  EXPECT_EQ(read(root + "/in/sub/deep.txt"), "deep\n");
  EXPECT_EQ(read(root + "/in/sub/../data.txt"), "inside\n");
  EXPECT_EQ(read(root + "/in/./sub//deep.txt"), "deep\n");
}

TEST_F(SandboxedFilesTest, NothingWithoutAGrant) {
  FileSandbox none;
  FileError err;
  EXPECT_LT(none.open(root + "/in/data.txt", mode("r"), err), 0);
  EXPECT_EQ(err.kind, "PermissionError");
  EXPECT_NE(err.message.find("--allow-read"), std::string::npos) << err.message;
  EXPECT_NE(err.hint.find("--allow-read DIR"), std::string::npos) << err.hint;
}

TEST_F(SandboxedFilesTest, DotDotAndAbsolutePathsCannotEscape) {
  std::string kind;
  EXPECT_EQ(read(root + "/in/../out/secret.txt", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
  EXPECT_EQ(read(root + "/in/sub/../../out/secret.txt", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
  EXPECT_EQ(read("/etc/passwd", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
  // Through a directory that does not exist: refused without saying
  // whether the file outside exists.
  EXPECT_EQ(read(root + "/in/missing/../../out/secret.txt", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
  EXPECT_EQ(read(root + "/in/../out/missing.txt", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
  // A sibling whose name starts with the grant's is outside it.
  fs::create_directories(root + "/in2");
  write(root + "/in2/x.txt", "x\n");
  EXPECT_EQ(read(root + "/in2/x.txt", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
}

TEST_F(SandboxedFilesTest, SymlinksAreJudgedByTheirTarget) {
  std::string kind;
  EXPECT_EQ(read(root + "/in/link_out", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
  EXPECT_EQ(read(root + "/in/dir_out/secret.txt", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
  EXPECT_EQ(read(root + "/in/link_in"), "inside\n");
  EXPECT_EQ(read(root + "/in/dir_in/deep.txt"), "deep\n");
  // /proc's magic links resolve to their targets too.
  EXPECT_EQ(read("/proc/self/root" + root + "/out/secret.txt", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
}

TEST_F(SandboxedFilesTest, ASymlinkSwappedInAfterTheCheckIsRefused) {
  // The path is resolved (and checked) while `sub` is a directory; then
  // `sub` becomes a symlink to the outside before the open.
  std::string real = FileSandbox::resolvePath(root + "/in/sub/deep.txt");
  ASSERT_EQ(real, fs::canonical(root).string() + "/in/sub/deep.txt");
  fs::rename(root + "/in/sub", root + "/in/sub_moved");
  fs::create_symlink(root + "/out", root + "/in/sub");
  write(root + "/out/deep.txt", "outside\n");
  FileError err;
  int fd = box.openResolved(real, "sub/deep.txt", mode("r"), err);
  EXPECT_LT(fd, 0) << contents(fd);
  EXPECT_EQ(err.kind, "PermissionError");
  // The same for the file itself.
  std::string realFile = FileSandbox::resolvePath(root + "/in/data.txt");
  fs::rename(root + "/in/data.txt", root + "/in/data_moved.txt");
  fs::create_symlink(root + "/out/secret.txt", root + "/in/data.txt");
  fd = box.openResolved(realFile, "data.txt", mode("r"), err);
  EXPECT_LT(fd, 0) << contents(fd);
  EXPECT_EQ(err.kind, "PermissionError");
}

TEST_F(SandboxedFilesTest, WritingNeedsTheWriteGrant) {
  FileError err;
  EXPECT_LT(box.open(root + "/in/new.txt", mode("w"), err), 0);
  EXPECT_EQ(err.kind, "PermissionError");
  EXPECT_NE(err.message.find("--allow-write"), std::string::npos) << err.message;
  EXPECT_FALSE(fs::exists(root + "/in/new.txt"));
  EXPECT_LT(box.open(root + "/in/data.txt", mode("r+"), err), 0);
  std::string error;
  ASSERT_TRUE(box.grant(root + "/in/sub", FileSandbox::Access::Write, error)) << error;
  int fd = box.open(root + "/in/sub/new.txt", mode("w"), err);
  ASSERT_GE(fd, 0) << err.message;
  ASSERT_EQ(::write(fd, "w", 1), 1);
  ::close(fd);
  EXPECT_EQ(read(root + "/in/sub/new.txt"), "w");
  // A dangling symlink inside the write grant must not create its target.
  fs::create_symlink(root + "/out/created.txt", root + "/in/sub/dangling");
  EXPECT_LT(box.open(root + "/in/sub/dangling", mode("w"), err), 0);
  EXPECT_FALSE(fs::exists(root + "/out/created.txt"));
  EXPECT_LT(box.open(root + "/in/sub/../new2.txt", mode("w"), err), 0);
  EXPECT_EQ(err.kind, "PermissionError");
  // 'x' refuses an existing file.
  EXPECT_LT(box.open(root + "/in/sub/new.txt", mode("x"), err), 0);
  EXPECT_EQ(err.kind, "FileExistsError");
}

TEST_F(SandboxedFilesTest, ErrorsAreCPythonsOSErrors) {
  FileError err;
  EXPECT_LT(box.open(root + "/in/none.txt", mode("r"), err), 0);
  EXPECT_EQ(err.kind, "FileNotFoundError");
  EXPECT_EQ(err.errnum, ENOENT);
  EXPECT_EQ(err.message, "[Errno 2] No such file or directory: '" + root + "/in/none.txt'");
  EXPECT_LT(box.open(root + "/in/sub", mode("r"), err), 0);
  EXPECT_EQ(err.kind, "IsADirectoryError");
  EXPECT_LT(box.open(root + "/in", mode("r"), err), 0);
  EXPECT_EQ(err.kind, "IsADirectoryError");
  EXPECT_LT(box.open(root + "/in/data.txt/x", mode("r"), err), 0);
  EXPECT_EQ(err.kind, "NotADirectoryError");
}

TEST_F(SandboxedFilesTest, OnlyRegularFilesOpen) {
  ASSERT_EQ(::mkfifo((root + "/in/fifo").c_str(), 0600), 0);
  FileError err;
  // Must not block waiting for a writer.
  EXPECT_LT(box.open(root + "/in/fifo", mode("r"), err), 0);
  EXPECT_EQ(err.kind, "PermissionError");
  EXPECT_NE(err.hint.find("regular files"), std::string::npos) << err.hint;
}

TEST_F(SandboxedFilesTest, RelativePathsFollowTheWorkingDirectory) {
  std::string cwd = fs::current_path();
  fs::current_path(root + "/in/sub");
  std::string kind;
  EXPECT_EQ(read("deep.txt"), "deep\n");
  EXPECT_EQ(read("../data.txt"), "inside\n");
  EXPECT_EQ(read("../../out/secret.txt", &kind), "");
  EXPECT_EQ(kind, "PermissionError");
  EXPECT_EQ(box.kindOf("deep.txt"), FileSandbox::Kind::File);
  EXPECT_EQ(box.kindOf(".."), FileSandbox::Kind::Directory);
  EXPECT_EQ(box.kindOf("../../out/secret.txt"), FileSandbox::Kind::Missing);
  fs::current_path(cwd);
}

TEST_F(SandboxedFilesTest, GrantsMustBeDirectories) {
  FileSandbox b;
  std::string error;
  EXPECT_FALSE(b.grant(root + "/nope", FileSandbox::Access::Read, error));
  EXPECT_NE(error.find("does not exist"), std::string::npos) << error;
  EXPECT_FALSE(b.grant(root + "/in/data.txt", FileSandbox::Access::Write, error));
  EXPECT_NE(error.find("not a directory"), std::string::npos) << error;
  EXPECT_FALSE(b.granted(FileSandbox::Access::Read));
}

TEST_F(SandboxedFilesTest, ModesParseAsPythonsOpen) {
  FileSandbox::Mode m;
  bool binary = false;
  std::string error;
  EXPECT_TRUE(FileSandbox::parseMode("a+", m, binary, error));
  EXPECT_TRUE(m.read && m.write && m.append);
  EXPECT_TRUE(FileSandbox::parseMode("rb", m, binary, error));
  EXPECT_TRUE(binary);
  EXPECT_FALSE(FileSandbox::parseMode("rw", m, binary, error));
  EXPECT_FALSE(FileSandbox::parseMode("", m, binary, error));
  EXPECT_FALSE(FileSandbox::parseMode("r++", m, binary, error));
  EXPECT_FALSE(FileSandbox::parseMode("rq", m, binary, error));
}

TEST_F(SandboxedFilesTest, FileSystemOperationsStayInsideTheGrants) {
  std::string error;
  ASSERT_TRUE(box.grant(root + "/in/sub", FileSandbox::Access::Write, error)) << error;
  FileError err;
  std::vector<std::string> names;
  EXPECT_TRUE(box.fileOp(FileSandbox::Op::List, root + "/in/sub", err, &names)) << err.message;
  EXPECT_EQ(names, std::vector<std::string>{"deep.txt"});
  EXPECT_FALSE(box.fileOp(FileSandbox::Op::List, root + "/out", err, &names));
  EXPECT_EQ(err.kind, "PermissionError");
  EXPECT_FALSE(box.fileOp(FileSandbox::Op::List, root + "/in/dir_out", err, &names));
  EXPECT_EQ(err.kind, "PermissionError");
  int64_t size = 0;
  EXPECT_TRUE(box.fileOp(FileSandbox::Op::Size, root + "/in/data.txt", err, nullptr, &size));
  EXPECT_EQ(size, 7);
  // Changes need the write grant, and stay inside it.
  EXPECT_TRUE(box.fileOp(FileSandbox::Op::MakeDir, root + "/in/sub/new", err)) << err.message;
  EXPECT_TRUE(fs::is_directory(root + "/in/sub/new"));
  EXPECT_FALSE(box.fileOp(FileSandbox::Op::MakeDir, root + "/in/other", err));
  EXPECT_EQ(err.kind, "PermissionError");
  EXPECT_FALSE(box.fileOp(FileSandbox::Op::MakeDir, root + "/in/sub/../../out/x", err));
  EXPECT_FALSE(fs::exists(root + "/out/x"));
  EXPECT_FALSE(box.fileOp(FileSandbox::Op::Remove, root + "/out/secret.txt", err));
  EXPECT_TRUE(fs::exists(root + "/out/secret.txt"));
  EXPECT_FALSE(box.fileOp(FileSandbox::Op::RemoveDir, root + "/in/sub", err)); // the grant itself
  // A symlink in the grant pointing out is removed itself, never its target.
  fs::create_symlink(root + "/out/secret.txt", root + "/in/sub/link");
  EXPECT_TRUE(box.fileOp(FileSandbox::Op::Remove, root + "/in/sub/link", err)) << err.message;
  EXPECT_TRUE(fs::exists(root + "/out/secret.txt"));
  EXPECT_FALSE(fs::exists(fs::symlink_status(root + "/in/sub/link")));
  // rename: both ends inside a write grant.
  EXPECT_FALSE(box.rename(root + "/in/sub/deep.txt", root + "/out/deep.txt", err));
  EXPECT_EQ(err.kind, "PermissionError");
  EXPECT_TRUE(fs::exists(root + "/in/sub/deep.txt"));
  EXPECT_TRUE(box.rename(root + "/in/sub/deep.txt", root + "/in/sub/new/deep.txt", err))
      << err.message;
  EXPECT_TRUE(fs::exists(root + "/in/sub/new/deep.txt"));
  EXPECT_FALSE(box.fileOp(FileSandbox::Op::Remove, root + "/in/sub/none.txt", err));
  EXPECT_EQ(err.kind, "FileNotFoundError");
}
