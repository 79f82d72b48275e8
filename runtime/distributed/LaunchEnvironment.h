//===- LaunchEnvironment.h - was this process started by mpirun or srun? -*- C++ -*-===//
//
// Cluster launchers tell each process who it is through environment
// variables. detectLaunchEnvironment() reads them, in JAX's order of
// precedence (jax/_src/clusters: Open MPI, then Slurm), plus the launchers
// JAX does not know (PMIx-only, MPICH's Hydra), and returns the process's
// place in the job. It only reads the environment: no MPI call, no network.
//
// How the control plane uses it (jax.distributed.initialize with no
// arguments, or `parax prog.py` under a launcher):
//
//   std::string error;
//   if (auto env = detectLaunchEnvironment(&error)) {
//     // env->rank, env->size, env->localRank; env->coordinatorAddress as
//     // JAX derives it ("" when the launcher gives none: then rank 0 must
//     // choose one, e.g. broadcast over the MPI engine, or the user sets
//     // JAX_COORDINATOR_ADDRESS / PARAX_COORDINATOR_ADDRESS);
//     // env->dataPlaneEngine(): "mpi" or "gloo".
//   } else if (!error.empty()) {
//     // the launcher's variables are there but malformed: report `error`
//   } // else: not under a launcher (a single process, or started by hand)
//
// Which engine: processes started by mpirun (Open MPI or MPICH) or by srun
// with PMI/PMIx share an MPI job, so "mpi". Slurm variables alone do not
// mean an MPI job (srun without --mpi, or processes given Slurm-like
// variables by hand, as shared/conformance/multiproc/run.sh does): each
// MPI_Init would be a singleton of size 1, so "gloo" there; the MPI engine
// also refuses to start when MPI's size disagrees with the job's.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace parax::runtime::dist {

enum class Launcher {
  OpenMpi, // mpirun/mpiexec of Open MPI (OMPI_COMM_WORLD_*)
  Slurm,   // srun (SLURM_PROCID, SLURM_NTASKS, ...)
  Hydra,   // MPICH's mpiexec (PMI_RANK, PMI_SIZE)
  Pmix,    // a PMIx launcher giving only PMIX_RANK (size comes from MPI)
};

struct LaunchEnvironment {
  Launcher launcher = Launcher::OpenMpi;
  int rank = 0;       // this process's index in the job, 0-based
  int size = 0;       // processes in the job; 0 when the launcher gives none (Pmix)
  int localRank = 0;  // index among the job's processes on this host
  int localSize = 0;  // processes on this host; 0 when unknown
  /// "host:port" exactly as JAX's cluster detection derives it (port from the
  /// job id unless JAX_COORDINATOR_PORT overrides it); empty when unknown.
  std::string coordinatorAddress;
  /// The variables that decided it, for messages ("OMPI_COMM_WORLD_RANK=1 ...").
  std::string evidence;

  /// "mpirun (Open MPI)", "srun (Slurm)", "mpiexec (MPICH Hydra)", "PMIx".
  const char *launcherName() const;
  /// "mpi" when the processes share an MPI job, "gloo" otherwise (see above).
  const char *dataPlaneEngine() const;
  /// True when an MPI_Init in this process joins the other processes' job.
  bool isMpiJob() const;
};

using GetEnv = std::function<const char *(const char *)>;

/// The launcher this process runs under, or nullopt when none is recognised
/// (then `error` is empty) or its variables are malformed (then `error` says
/// which variable and why). `getenv` defaults to the process environment;
/// tests pass their own.
std::optional<LaunchEnvironment> detectLaunchEnvironment(std::string *error = nullptr,
                                                         const GetEnv &getenv = nullptr);

} // namespace parax::runtime::dist
