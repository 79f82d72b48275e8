//===- EmbedFilesTest.cpp - the embedding API's file and environ grants --===//
//
// Config::allowRead / allowWrite grant what --allow-read / --allow-write
// grant the command; without them a program opens nothing. Config::environ
// is the programs' os.environ; onStderr receives sys.stderr.
//
//===----------------------------------------------------------------------===//
#include "parax/parax.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace px = parax::embed;
namespace fs = std::filesystem;

namespace {
struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/parax-embed-files-XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { fs::remove_all(path); }
};

px::Interpreter make(px::Config c, std::string *out = nullptr, std::string *err = nullptr) {
  c.backend = "interp";
  c.onPrint = [out](std::string_view s) {
    if (out)
      out->append(s);
  };
  c.onStderr = [err](std::string_view s) {
    if (err)
      err->append(s);
  };
  return px::Interpreter::create(c).value();
}
} // namespace

TEST(EmbedFiles, NoGrantNoFiles) {
  TempDir d;
  std::ofstream(d.path + "/a.txt") << "hello\n";
  px::Interpreter ip = make({});
  px::Status s = ip.run("open('" + d.path + "/a.txt').read()\n");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, "PermissionError");
  // The interpreter survives the error.
  EXPECT_TRUE(ip.run("x = 1\n").ok());
}

TEST(EmbedFiles, ReadAndWriteGrants) {
  TempDir d;
  fs::create_directories(d.path + "/in");
  fs::create_directories(d.path + "/out");
  std::ofstream(d.path + "/in/a.txt") << "1 2\n3 4\n";
  std::ofstream(d.path + "/secret.txt") << "no\n";
  px::Config c;
  c.allowRead = {d.path + "/in"};
  c.allowWrite = {d.path + "/out"};
  std::string out;
  px::Interpreter ip = make(c, &out);
  ASSERT_TRUE(ip.run("import numpy as np\n"
                     "print(open('" + d.path + "/in/a.txt').read().split())\n"
                     "print(np.loadtxt('" + d.path + "/in/a.txt').sum())\n"
                     "with open('" + d.path + "/out/b.txt', 'w') as f:\n"
                     "    f.write('written')\n")
                  .ok());
  EXPECT_EQ(out, "['1', '2', '3', '4']\n10.0\n");
  std::string written;
  std::getline(std::ifstream(d.path + "/out/b.txt"), written);
  EXPECT_EQ(written, "written");
  px::Status s = ip.run("open('" + d.path + "/in/../secret.txt')\n");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, "PermissionError");
  s = ip.run("open('" + d.path + "/in/new.txt', 'w')\n");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, "PermissionError");
}

TEST(EmbedFiles, AGrantMustBeADirectory) {
  px::Config c;
  c.allowRead = {"/definitely/not/a/dir"};
  auto r = px::Interpreter::create(c);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("does not exist"), std::string::npos);
}

TEST(EmbedFiles, EnvironAndStderr) {
  px::Config c;
  c.environ = {{"MODE", "test"}};
  std::string out, err;
  px::Interpreter ip = make(c, &out, &err);
  ASSERT_TRUE(ip.run("import os, sys\n"
                     "print(os.environ['MODE'], os.getenv('HOME'))\n"
                     "os.environ['MODE'] = 'changed'\n"
                     "print('to stderr', file=sys.stderr)\n")
                  .ok());
  EXPECT_EQ(out, "test None\n");
  EXPECT_EQ(err, "to stderr\n");
  // The host's environment is untouched by the program's copy.
  EXPECT_EQ(std::getenv("MODE"), nullptr);
}
