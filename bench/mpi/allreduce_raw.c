/* psum across processes with plain MPI_Allreduce: the baseline the parax MPI
 * engine is measured against (bench/multiproc_mpi.py builds and runs it).
 * usage: mpirun -n P allreduce_raw BYTES ITERS ROUNDS
 * Prints, on rank 0, one line per round: "ROUND <seconds per call>", then
 * "CHECK <value>" (a sum of ones over the processes). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 4) {
    if (rank == 0)
      fprintf(stderr, "usage: allreduce_raw BYTES ITERS ROUNDS\n");
    MPI_Finalize();
    return 2;
  }
  size_t n = (size_t)atoll(argv[1]) / sizeof(float);
  int iters = atoi(argv[2]), rounds = atoi(argv[3]);
  float *buf = calloc(n ? n : 1, sizeof(float)); /* zeros: sums stay finite */
  for (int w = 0; w < 3; ++w)
    MPI_Allreduce(MPI_IN_PLACE, buf, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  for (int r = 0; r < rounds; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; ++i)
      MPI_Allreduce(MPI_IN_PLACE, buf, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    double t = (MPI_Wtime() - t0) / iters;
    if (rank == 0)
      printf("ROUND %.9g\n", t);
  }
  for (size_t i = 0; i < n; ++i)
    buf[i] = 1;
  MPI_Allreduce(MPI_IN_PLACE, buf, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("CHECK %g %g\n", buf[0], buf[n - 1]);
  free(buf);
  MPI_Finalize();
  return 0;
}
