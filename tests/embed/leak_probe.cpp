//===- leak_probe.cpp - heap and RSS growth of embedding runs -------------===//
//
// Measures what parax keeps after interpreters are gone, with the public
// API only (so the same source builds against any libparax.so):
//   fresh: N interpreters, one 50 KB run each, each destroyed;
//   one:   one interpreter, N runs of 50 KB, then destroyed;
//   jit:   one cpu interpreter, N distinct jit programs, each jit object
//          dropped right after its call (with PROBE_CLEAR_CACHES: also
//          Interpreter::clearCaches() at the end), then destroyed;
//   jitdef: the same with the jit objects made by one function.
// Heap is mallinfo2()'s in-use bytes (uordblks + hblkhd); RSS from
// /proc/self/statm. One warm-up run first, so one-time state (ANTLR's
// DFA, LLVM's target registry) is in the starting figure.
//   leak_probe fresh|one|jit|jitdef [N]
//
//===----------------------------------------------------------------------===//
#include "parax/parax.h"

#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace px = parax::embed;

namespace {

double heapMB() {
  struct mallinfo2 mi = mallinfo2();
  return double(mi.uordblks + mi.hblkhd) / (1 << 20);
}

double rssMB() {
  long pages = 0, resident = 0;
  std::ifstream("/proc/self/statm") >> pages >> resident;
  return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

/// About 50 KB of statements, distinct per `seed`.
std::string source(int seed) {
  std::string s;
  for (int i = 0; s.size() < 50 * 1024; ++i)
    s += "v" + std::to_string(i) + " = " + std::to_string(seed) + " * 2 + " +
         std::to_string(i) + "\n";
  return s;
}

px::Interpreter make(const char *backend) {
  px::Config c;
  c.backend = backend;
  c.onPrint = [](std::string_view) {};
  return px::Interpreter::create(c).value();
}

void report(const char *what, double heap0, double rss0) {
  std::printf("%-28s heap %8.2f MB (%+8.2f)  rss %8.2f MB (%+8.2f)\n", what, heapMB(),
              heapMB() - heap0, rssMB(), rssMB() - rss0);
}

} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "fresh";
  int n = argc > 2 ? std::atoi(argv[2]) : 200;
  {
    px::Interpreter warm = make(mode.rfind("jit", 0) == 0 ? "cpu" : "interp");
    warm.run(source(-1)).check();
    warm.run("import jax, jax.numpy as jnp\n"
             "g = jax.jit(lambda x: x * 0.5 + 1.0)\ng(jnp.ones(8))\n").check();
  }
  malloc_trim(0);
  double heap0 = heapMB(), rss0 = rssMB();
  report("start", heap0, rss0);
  if (mode == "fresh") {
    for (int i = 0; i < n; ++i) {
      px::Interpreter ip = make("interp");
      ip.run(source(i), "prog" + std::to_string(i) + ".py").check();
    }
  } else if (mode == "one") {
    px::Interpreter ip = make("interp");
    for (int i = 0; i < n; ++i)
      ip.run(source(i), "prog" + std::to_string(i) + ".py").check();
    report("one interpreter, alive", heap0, rss0);
  } else if (mode == "jit" || mode == "jitdef") {
    // jit: each run defines its lambda (so each run's AST stays, as the
    // lambda points into it); jitdef: one factory defined up front.
    const char *backend = std::getenv("PROBE_BACKEND"); // default cpu
    px::Interpreter ip = make(backend ? backend : "cpu");
    ip.run("import jax, jax.numpy as jnp\nx = jnp.ones(8)\n"
           "def mk(k):\n    return jax.jit(lambda x: x * k + 1.0)\n").check();
    for (int i = 0; i < n; ++i) {
      std::string k = std::to_string(i + 2) + ".0";
      ip.run(mode == "jit" ? "g = jax.jit(lambda x: x * " + k + " + 1.0)\ny = g(x)\ndel g\n"
                           : "g = mk(" + k + ")\ny = g(x)\ndel g\n")
          .check();
    }
    report("jit programs, alive", heap0, rss0);
#ifdef PROBE_CLEAR_CACHES
    ip.clearCaches();
    malloc_trim(0);
    report("after clearCaches()", heap0, rss0);
#endif
  } else {
    std::fprintf(stderr, "usage: leak_probe fresh|one|jit|jitdef [N]\n");
    return 2;
  }
  malloc_trim(0);
  report("interpreters destroyed", heap0, rss0);
  return 0;
}
