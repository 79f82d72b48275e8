//===- HostInitDriver.cpp - the MPI engine inside a host that owns MPI ----===//
//
// An embedding host (or mpi4py) may have called MPI_Init itself, with less
// than MPI_THREAD_SERIALIZED. The engine must then use that MPI as it is:
// not initialise or finalise it, and refuse calls from threads other than
// MPI's main thread instead of breaking MPI's rules. Run as
// `mpirun -n 2 parax_mpi_host_init_driver`; prints "host-init: ok" on success.
//
//===----------------------------------------------------------------------===//
#include "runtime/distributed/CollectiveEngine.h"

#include <mpi.h>

#include <cstdio>
#include <dlfcn.h>
#include <memory>
#include <string>
#include <thread>

using namespace parax::runtime::dist;

#define CHECK(cond)                                                                                        \
  do {                                                                                                     \
    if (!(cond)) {                                                                                         \
      fprintf(stderr, "host-init: rank %d: check failed: %s (line %d)\n", rank, #cond, __LINE__);          \
      MPI_Abort(MPI_COMM_WORLD, 1);                                                                        \
    }                                                                                                      \
  } while (0)

int main(int argc, char **argv) {
  int provided = 0, rank = 0, size = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(provided == MPI_THREAD_FUNNELED);

  void *lib = dlopen(PARAX_ENGINE_MPI_PATH, RTLD_NOW | RTLD_LOCAL);
  CHECK(lib);
  using Create = CollectiveEngine *(*)(const EngineConfig *, char *, size_t);
  auto create = reinterpret_cast<Create>(dlsym(lib, "parax_engine_create"));
  EngineConfig config;
  config.rank = rank;
  config.size = size;
  config.timeoutSeconds = 20;
  char err[512] = {0};
  std::unique_ptr<CollectiveEngine> e(create(&config, err, sizeof err));
  if (!e)
    fprintf(stderr, "host-init: %s\n", err);
  CHECK(e);

  double v = rank + 1;
  e->allReduce(&v, 1, ElemType::F64, ReduceOp::Sum);
  CHECK(v == size * (size + 1) / 2.0);

  // Another thread would break MPI_THREAD_FUNNELED: refused, engine intact.
  std::string refused;
  std::thread([&] {
    try {
      double w = 1;
      e->allReduce(&w, 1, ElemType::F64, ReduceOp::Sum);
    } catch (const EngineError &x) {
      refused = x.what();
    }
  }).join();
  CHECK(refused.find("main thread") != std::string::npos);
  e->barrier();

  // The host's own MPI traffic and the engine's do not meet (the engine
  // works on a duplicate of MPI_COMM_WORLD).
  int token = rank, sum = 0;
  MPI_Allreduce(&token, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  CHECK(sum == size * (size - 1) / 2);

  e.reset();
  int finalised = 1;
  MPI_Finalized(&finalised);
  CHECK(!finalised); // the host's to do
  MPI_Finalize();
  if (rank == 0)
    printf("host-init: ok\n");
  return 0;
}
