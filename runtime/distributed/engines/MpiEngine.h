//===- MpiEngine.h - what libparax_engine_mpi.so exports besides the engine -*- C++ -*-===//
//
// libparax_engine_mpi.so implements CollectiveEngine (CollectiveEngine.h)
// over MPI for jobs started by mpirun/srun. Besides parax_engine_create it
// exports the entry points below, which a caller finds with dlsym on the
// handle openEngine() opened (they are optional: a caller that does not
// need them never looks them up).
//
// Behaviour the control plane can rely on:
//  - rank() and size() come from MPI (MPI_COMM_WORLD), not from the
//    EngineConfig; creation fails (null, with a message) when the config
//    names a different rank or size (size 1 with rank 0 means "not told"),
//    e.g. processes started by hand with Slurm-like variables, where each
//    MPI_Init is a singleton of size 1: use the gloo engine there.
//  - MPI is initialised (MPI_Init_thread, MPI_THREAD_SERIALIZED) on the
//    first create, unless the host already did it, and finalised at exit.
//    MPI_Finalize waits for every process of the job, so at exit it waits
//    at most the collective timeout (3 s after a failure in this process)
//    and then leaves with _exit(1), which makes mpirun end the job.
//  - A process that fails (a program error, a peer reported dead) should
//    call parax_engine_mpi_abort_job(1) before exiting: mpirun then ends
//    every process at once (measured: under 1 s). Exiting normally instead
//    leaves the peers waiting in their collectives until their timeout.
//  - Calls over the same ranks must reach the engine in the same order in
//    every process (as MPI requires). The engine serialises calls with a
//    mutex, so two device threads calling at once (e.g. one psum per mesh
//    group that spans the same processes) would be ordered arbitrarily and
//    pair the wrong buffers: issue such calls from one thread in a fixed
//    order, or batch them into one call.
//  - After a timeout, an abort() or shouldStop, the engine is unusable:
//    every later call throws EngineAborted naming the first failure (MPI
//    cannot cancel a collective half done; the job is meant to end).
//
//===----------------------------------------------------------------------===//
#pragma once

extern "C" {
/// The job-wide kill: MPI_Abort(MPI_COMM_WORLD, code). mpirun then ends
/// every process of the job (they exit non-zero). Does nothing when MPI
/// was never initialised or is finalised. Does not return otherwise.
void parax_engine_mpi_abort_job(int code);

/// The MPI library's version string (MPI_Get_library_version), for
/// diagnostics and the bench; callable before MPI_Init.
const char *parax_engine_mpi_library_version();
}
