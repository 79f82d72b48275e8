// psum across processes through the parax MPI engine (libparax_engine_mpi.so,
// dlopen()ed and created as openEngine() does), timed exactly like
// allreduce_raw.c. bench/multiproc_mpi.py builds and runs it.
// usage: mpirun -n P allreduce_engine LIBRARY BYTES ITERS ROUNDS
#include "runtime/distributed/CollectiveEngine.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <vector>

using namespace parax::runtime::dist;

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: allreduce_engine LIBRARY BYTES ITERS ROUNDS\n");
    return 2;
  }
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  using Create = CollectiveEngine *(*)(const EngineConfig *, char *, size_t);
  auto create = reinterpret_cast<Create>(dlsym(lib, "parax_engine_create"));
  EngineConfig config;
  config.timeoutSeconds = 120;
  char err[512] = {0};
  CollectiveEngine *e = create ? create(&config, err, sizeof err) : nullptr;
  if (!e) {
    fprintf(stderr, "mpi engine: %s\n", err);
    return 1;
  }
  size_t n = size_t(atoll(argv[2])) / sizeof(float);
  int iters = atoi(argv[3]), rounds = atoi(argv[4]);
  std::vector<float> buf(n ? n : 1, 0.0f);
  for (int w = 0; w < 3; ++w)
    e->allReduce(buf.data(), n, ElemType::F32, ReduceOp::Sum);
  for (int r = 0; r < rounds; ++r) {
    e->barrier();
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < iters; ++i)
      e->allReduce(buf.data(), n, ElemType::F32, ReduceOp::Sum);
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / iters;
    if (e->rank() == 0)
      printf("ROUND %.9g\n", t);
  }
  for (auto &x : buf)
    x = 1;
  e->allReduce(buf.data(), n, ElemType::F32, ReduceOp::Sum);
  if (e->rank() == 0)
    printf("CHECK %g %g\n", buf[0], buf[n - 1]);
  delete e;
  return 0;
}
