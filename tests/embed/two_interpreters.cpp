//===- two_interpreters.cpp - two interpreters on two threads, for helgrind -===//
//
// Each thread makes its own Interpreter and parses, jit-compiles and runs a
// few distinct programs. Run under a race detector:
//   g++ -O1 -g -std=c++17 -I include tests/embed/two_interpreters.cpp \
//       -Lbuild/repl/embed -lparax -Wl,-rpath,$PWD/build/repl/embed -pthread
//   PARAX_CACHE_DIR=off valgrind --tool=helgrind ./a.out [cpu|interp]
//
//===----------------------------------------------------------------------===//
#include "parax/parax.h"
#include <cstdio>
#include <string>
#include <thread>
namespace px = parax::embed;
int main(int argc, char **argv) {
  const char *backend = argc > 1 ? argv[1] : "interp";
  auto work = [backend](int t) {
    px::Config c; c.backend = backend; c.onPrint = [](std::string_view) {};
    px::Interpreter ip = px::Interpreter::create(c).value();
    for (int i = 0; i < 3; ++i) {
      std::string k = std::to_string(t * 10 + i);
      ip.run("import jax, jax.numpy as jnp\nf = jax.jit(lambda x: jnp.sum(x) * " + k +
             ")\nr = float(f(jnp.arange(4.0)))\ns = f'{r:>9}'\n").check();
      if (ip.get("r").value().toDouble() != 6.0 * (t * 10 + i)) std::printf("wrong\n");
    }
  };
  std::thread a(work, 1), b(work, 2);
  a.join(); b.join();
  std::printf("done\n");
}
