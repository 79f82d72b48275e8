//===- LaunchEnvironmentTest.cpp - recognising mpirun / srun ---------------===//
//
// Each case is an environment as the launcher sets it (values taken from
// Open MPI 4.1, Slurm and MPICH runs, and from JAX's cluster tests for the
// coordinator addresses JAX derives).
//
//===----------------------------------------------------------------------===//
#include "runtime/distributed/LaunchEnvironment.h"

#include <gtest/gtest.h>

#include <map>

using namespace parax::runtime::dist;

namespace {

struct Env {
  std::map<std::string, std::string> vars;
  GetEnv fn() const {
    return [this](const char *n) -> const char * {
      auto it = vars.find(n);
      return it == vars.end() ? nullptr : it->second.c_str();
    };
  }
  std::optional<LaunchEnvironment> detect(std::string *error = nullptr) const {
    std::string e;
    auto r = detectLaunchEnvironment(error ? error : &e, fn());
    return r;
  }
};

TEST(LaunchEnvironment, NothingMeansNoLauncher) {
  Env env;
  std::string error = "stale";
  EXPECT_FALSE(env.detect(&error));
  EXPECT_EQ(error, "");
}

TEST(LaunchEnvironment, OpenMpi4) {
  Env env{{{"OMPI_COMM_WORLD_RANK", "1"},
           {"OMPI_COMM_WORLD_SIZE", "4"},
           {"OMPI_COMM_WORLD_LOCAL_RANK", "1"},
           {"OMPI_COMM_WORLD_LOCAL_SIZE", "2"},
           {"OMPI_MCA_orte_hnp_uri", "1531576320.0;tcp://10.96.0.1,10.148.0.1,10.108.0.1:34911"}}};
  auto e = env.detect();
  ASSERT_TRUE(e);
  EXPECT_EQ(e->launcher, Launcher::OpenMpi);
  EXPECT_EQ(e->rank, 1);
  EXPECT_EQ(e->size, 4);
  EXPECT_EQ(e->localRank, 1);
  EXPECT_EQ(e->localSize, 2);
  // JAX: job id 1531576320 // 4096 = 373920; % 4096 = 1184; + 61440.
  EXPECT_EQ(e->coordinatorAddress, "10.96.0.1:62624");
  EXPECT_STREQ(e->dataPlaneEngine(), "mpi");
  EXPECT_STREQ(e->launcherName(), "mpirun (Open MPI)");
  EXPECT_NE(e->evidence.find("OMPI_COMM_WORLD_RANK=1"), std::string::npos);
}

TEST(LaunchEnvironment, OpenMpiIpv6AndPortOverride) {
  Env env{{{"OMPI_COMM_WORLD_RANK", "0"},
           {"OMPI_COMM_WORLD_SIZE", "2"},
           {"JAX_COORDINATOR_PORT", "1234"},
           {"OMPI_MCA_orte_hnp_uri", "1314521088.0;tcp6://[fe80::b9b:ac5d:9cf0:b858,2620:10d:c083:150e::3000:2]:43370"}}};
  auto e = env.detect();
  ASSERT_TRUE(e);
  EXPECT_EQ(e->coordinatorAddress, "fe80::b9b:ac5d:9cf0:b858:1234");
}

// Open MPI 5 (PRRTE) sets no OMPI_MCA_orte_hnp_uri: recognised, no address.
TEST(LaunchEnvironment, OpenMpi5) {
  Env env{{{"OMPI_COMM_WORLD_RANK", "0"}, {"OMPI_COMM_WORLD_SIZE", "2"}, {"PMIX_RANK", "0"}}};
  auto e = env.detect();
  ASSERT_TRUE(e);
  EXPECT_EQ(e->launcher, Launcher::OpenMpi);
  EXPECT_EQ(e->coordinatorAddress, "");
}

TEST(LaunchEnvironment, SlurmWithoutPmiIsNotAnMpiJob) {
  // What shared/conformance/multiproc/run.sh gives processes it starts by hand.
  Env env{{{"SLURM_JOB_ID", "4242"},
           {"SLURM_STEP_NODELIST", "127.0.0.1"},
           {"SLURM_NTASKS", "2"},
           {"SLURM_PROCID", "1"},
           {"SLURM_LOCALID", "1"},
           {"SLURM_STEP_NUM_NODES", "1"}}};
  auto e = env.detect();
  ASSERT_TRUE(e);
  EXPECT_EQ(e->launcher, Launcher::Slurm);
  EXPECT_EQ(e->rank, 1);
  EXPECT_EQ(e->size, 2);
  EXPECT_EQ(e->localRank, 1);
  EXPECT_EQ(e->coordinatorAddress, "127.0.0.1:" + std::to_string(4242 % 4096 + 61440));
  EXPECT_FALSE(e->isMpiJob());
  EXPECT_STREQ(e->dataPlaneEngine(), "gloo");
}

TEST(LaunchEnvironment, SrunWithPmixIsAnMpiJob) {
  Env env{{{"SLURM_JOB_ID", "77"},
           {"SLURM_STEP_NODELIST", "node[001-015],host2"},
           {"SLURM_NTASKS", "30"},
           {"SLURM_PROCID", "17"},
           {"SLURM_LOCALID", "1"},
           {"SLURM_NTASKS_PER_NODE", "2"},
           {"PMIX_RANK", "17"}}};
  auto e = env.detect();
  ASSERT_TRUE(e);
  EXPECT_EQ(e->coordinatorAddress, "node001:61517");
  EXPECT_EQ(e->localSize, 2);
  EXPECT_STREQ(e->dataPlaneEngine(), "mpi");
}

TEST(LaunchEnvironment, SlurmNodeListForms) {
  auto first = [](const char *list) {
    Env env{{{"SLURM_JOB_ID", "1"},
             {"SLURM_STEP_NODELIST", list},
             {"SLURM_NTASKS", "1"},
             {"SLURM_PROCID", "0"},
             {"SLURM_LOCALID", "0"}}};
    return env.detect()->coordinatorAddress;
  };
  EXPECT_EQ(first("node001"), "node001:61441");
  EXPECT_EQ(first("node001,host2"), "node001:61441");
  EXPECT_EQ(first("node[001,007-015],host2"), "node001:61441");
}

// JAX needs all five Slurm variables; four are not a Slurm job.
TEST(LaunchEnvironment, SlurmNeedsAllFive) {
  Env env{{{"SLURM_JOB_ID", "1"}, {"SLURM_NTASKS", "2"}, {"SLURM_PROCID", "0"}, {"SLURM_LOCALID", "0"}}};
  EXPECT_FALSE(env.detect());
}

TEST(LaunchEnvironment, OpenMpiComesBeforeSlurm) {
  Env env{{{"OMPI_COMM_WORLD_RANK", "3"},
           {"OMPI_COMM_WORLD_SIZE", "4"},
           {"SLURM_JOB_ID", "1"},
           {"SLURM_STEP_NODELIST", "n1"},
           {"SLURM_NTASKS", "1"},
           {"SLURM_PROCID", "0"},
           {"SLURM_LOCALID", "0"}}};
  auto e = env.detect();
  ASSERT_TRUE(e);
  EXPECT_EQ(e->launcher, Launcher::OpenMpi);
  EXPECT_EQ(e->rank, 3);
}

TEST(LaunchEnvironment, MpichHydraAndPmix) {
  Env hydra{{{"PMI_RANK", "2"}, {"PMI_SIZE", "3"}, {"MPI_LOCALRANKID", "0"}, {"MPI_LOCALNRANKS", "1"}}};
  auto h = hydra.detect();
  ASSERT_TRUE(h);
  EXPECT_EQ(h->launcher, Launcher::Hydra);
  EXPECT_EQ(h->rank, 2);
  EXPECT_EQ(h->size, 3);
  EXPECT_STREQ(h->dataPlaneEngine(), "mpi");

  Env pmix{{{"PMIX_RANK", "5"}}};
  auto p = pmix.detect();
  ASSERT_TRUE(p);
  EXPECT_EQ(p->launcher, Launcher::Pmix);
  EXPECT_EQ(p->rank, 5);
  EXPECT_EQ(p->size, 0); // MPI tells
}

TEST(LaunchEnvironment, MalformedValuesAreErrors) {
  std::string error;
  Env bad{{{"OMPI_COMM_WORLD_RANK", "one"}, {"OMPI_COMM_WORLD_SIZE", "2"}}};
  EXPECT_FALSE(bad.detect(&error));
  EXPECT_EQ(error, "OMPI_COMM_WORLD_RANK='one' is not a non-negative integer");

  Env past{{{"OMPI_COMM_WORLD_RANK", "2"}, {"OMPI_COMM_WORLD_SIZE", "2"}}};
  EXPECT_FALSE(past.detect(&error));
  EXPECT_NE(error.find("process 2 of a job of 2"), std::string::npos) << error;

  Env huge{{{"SLURM_JOB_ID", "1"},
            {"SLURM_STEP_NODELIST", "n"},
            {"SLURM_NTASKS", "99999999999999999999"},
            {"SLURM_PROCID", "0"},
            {"SLURM_LOCALID", "0"}}};
  EXPECT_FALSE(huge.detect(&error));
  EXPECT_NE(error.find("SLURM_NTASKS"), std::string::npos) << error;

  Env negative{{{"PMI_RANK", "-1"}, {"PMI_SIZE", "2"}}};
  EXPECT_FALSE(negative.detect(&error));
  EXPECT_NE(error.find("PMI_RANK"), std::string::npos) << error;
}

} // namespace
