// Prints what detectLaunchEnvironment() makes of this process's environment,
// one line, for tests/mpi/launch_env_vs_jax.py to compare with JAX's own
// cluster detection: "<launcher> <rank> <size> <localRank> <coordinator>", or
// "none", or "error: <message>".
#include "runtime/distributed/LaunchEnvironment.h"

#include <cstdio>

using namespace parax::runtime::dist;

int main() {
  std::string error;
  auto env = detectLaunchEnvironment(&error);
  if (!env) {
    printf("%s\n", error.empty() ? "none" : ("error: " + error).c_str());
    return 0;
  }
  const char *name = env->launcher == Launcher::OpenMpi ? "ompi"
                     : env->launcher == Launcher::Slurm ? "slurm"
                     : env->launcher == Launcher::Hydra ? "hydra"
                                                        : "pmix";
  printf("%s %d %d %d %s\n", name, env->rank, env->size, env->localRank,
         env->coordinatorAddress.empty() ? "-" : env->coordinatorAddress.c_str());
  return 0;
}
