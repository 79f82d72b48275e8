//===- LaunchEnvironment.cpp - recognise mpirun / srun from the environment ===//
#include "runtime/distributed/LaunchEnvironment.h"

#include <cstdlib>
#include <regex>

namespace parax::runtime::dist {

const char *LaunchEnvironment::launcherName() const {
  switch (launcher) {
  case Launcher::OpenMpi:
    return "mpirun (Open MPI)";
  case Launcher::Slurm:
    return "srun (Slurm)";
  case Launcher::Hydra:
    return "mpiexec (MPICH Hydra)";
  case Launcher::Pmix:
    return "PMIx";
  }
  return "?";
}

bool LaunchEnvironment::isMpiJob() const {
  // Slurm's variables alone do not make an MPI job (see the header).
  return launcher != Launcher::Slurm || evidence.find("PMI") != std::string::npos;
}

const char *LaunchEnvironment::dataPlaneEngine() const { return isMpiJob() ? "mpi" : "gloo"; }

namespace {

struct Reader {
  const GetEnv &get;
  std::string *error;
  std::string evidence;

  const char *raw(const char *name) const { return get(name); }

  // A non-negative decimal int, or nullopt with `error` set.
  std::optional<int> number(const char *name) {
    const char *v = get(name);
    if (!v)
      return std::nullopt;
    std::string s(v);
    bool digits = !s.empty() && s.size() <= 9 && s.find_first_not_of("0123456789") == std::string::npos;
    if (!digits) {
      if (error)
        *error = std::string(name) + "='" + s + "' is not a non-negative integer";
      return std::nullopt;
    }
    evidence += (evidence.empty() ? "" : " ") + std::string(name) + "=" + s;
    return std::stoi(s);
  }
};

// JAX's ports: the job id folded into the top 4096 ports, unless
// JAX_COORDINATOR_PORT says otherwise.
std::string port(const GetEnv &get, unsigned long long jobId) {
  if (const char *p = get("JAX_COORDINATOR_PORT"))
    return p;
  return std::to_string(jobId % 4096 + (65535 - 4096 + 1));
}

bool parseJobId(const char *text, unsigned long long &out) {
  if (!text || !*text)
    return false;
  char *end = nullptr;
  out = std::strtoull(text, &end, 10);
  return end && end != text;
}

// jax/_src/clusters/ompi_cluster.py: "1531576320.0;tcp://10.96.0.1,10.148.0.1:34911"
std::string ompiCoordinator(const GetEnv &get) {
  const char *uri = get("OMPI_MCA_orte_hnp_uri");
  if (!uri)
    return "";
  std::string s(uri);
  unsigned long long jobId = 0;
  if (!parseJobId(s.substr(0, s.find('.')).c_str(), jobId))
    return "";
  std::smatch m;
  static const std::regex ip(R"(tcp://(.+?)[,:]|tcp6://\[(.+?)[,\]])");
  if (!std::regex_search(s, m, ip))
    return "";
  std::string host = m[1].matched ? m[1].str() : m[2].str();
  return host + ":" + port(get, jobId / 4096);
}

// jax/_src/clusters/slurm_cluster.py: the first host of SLURM_STEP_NODELIST
// ("node001", "node001,host2", "node[001-015],host2", "node[001,007-015]").
std::string slurmCoordinator(const GetEnv &get) {
  const char *list = get("SLURM_STEP_NODELIST");
  unsigned long long jobId = 0;
  if (!list || !parseJobId(get("SLURM_JOB_ID"), jobId))
    return "";
  std::string s(list);
  size_t i = s.find_first_of(",[");
  std::string host;
  if (i == std::string::npos || s[i] == ',') {
    host = s.substr(0, i);
  } else {
    std::string suffix = s.substr(i + 1);
    host = s.substr(0, i) + suffix.substr(0, suffix.find_first_of(",-"));
  }
  return host + ":" + port(get, jobId);
}

} // namespace

std::optional<LaunchEnvironment> detectLaunchEnvironment(std::string *error, const GetEnv &getenvIn) {
  GetEnv get = getenvIn ? getenvIn : GetEnv([](const char *n) -> const char * { return std::getenv(n); });
  if (error)
    error->clear();
  Reader rd{get, error, ""};
  auto finish = [&](LaunchEnvironment env) -> std::optional<LaunchEnvironment> {
    if (error && !error->empty())
      return std::nullopt;
    if (env.size > 0 && env.rank >= env.size) {
      if (error)
        *error = std::string(env.launcherName()) + " says process " + std::to_string(env.rank) +
                 " of a job of " + std::to_string(env.size) + " (" + rd.evidence + ")";
      return std::nullopt;
    }
    if (env.localSize > 0 && env.localRank >= env.localSize) {
      if (error)
        *error = std::string(env.launcherName()) + " says local process " + std::to_string(env.localRank) +
                 " of " + std::to_string(env.localSize) + " (" + rd.evidence + ")";
      return std::nullopt;
    }
    env.evidence = rd.evidence;
    return env;
  };

  // Open MPI (4 sets OMPI_MCA_orte_hnp_uri, JAX's test; 5 does not, but both
  // set OMPI_COMM_WORLD_*).
  if (get("OMPI_COMM_WORLD_RANK") && get("OMPI_COMM_WORLD_SIZE")) {
    LaunchEnvironment env;
    env.launcher = Launcher::OpenMpi;
    env.rank = rd.number("OMPI_COMM_WORLD_RANK").value_or(0);
    env.size = rd.number("OMPI_COMM_WORLD_SIZE").value_or(0);
    env.localRank = rd.number("OMPI_COMM_WORLD_LOCAL_RANK").value_or(0);
    env.localSize = rd.number("OMPI_COMM_WORLD_LOCAL_SIZE").value_or(0);
    env.coordinatorAddress = ompiCoordinator(get);
    return finish(env);
  }
  // Slurm: JAX wants all five of these.
  if (get("SLURM_JOB_ID") && get("SLURM_STEP_NODELIST") && get("SLURM_NTASKS") && get("SLURM_PROCID") &&
      get("SLURM_LOCALID")) {
    LaunchEnvironment env;
    env.launcher = Launcher::Slurm;
    env.rank = rd.number("SLURM_PROCID").value_or(0);
    env.size = rd.number("SLURM_NTASKS").value_or(0);
    env.localRank = rd.number("SLURM_LOCALID").value_or(0);
    if (const char *v = get("SLURM_NTASKS_PER_NODE"); v && std::string(v).find_first_not_of("0123456789") ==
                                                             std::string::npos)
      env.localSize = rd.number("SLURM_NTASKS_PER_NODE").value_or(0);
    // srun --mpi=pmix / pmi2 makes the tasks one MPI job.
    if (get("PMIX_RANK"))
      rd.number("PMIX_RANK");
    else if (get("PMI_RANK"))
      rd.number("PMI_RANK");
    env.coordinatorAddress = slurmCoordinator(get);
    return finish(env);
  }
  if (get("PMI_RANK") && get("PMI_SIZE")) {
    LaunchEnvironment env;
    env.launcher = Launcher::Hydra;
    env.rank = rd.number("PMI_RANK").value_or(0);
    env.size = rd.number("PMI_SIZE").value_or(0);
    env.localRank = rd.number("MPI_LOCALRANKID").value_or(0);
    env.localSize = rd.number("MPI_LOCALNRANKS").value_or(0);
    return finish(env);
  }
  if (get("PMIX_RANK")) {
    LaunchEnvironment env;
    env.launcher = Launcher::Pmix;
    env.rank = rd.number("PMIX_RANK").value_or(0);
    return finish(env);
  }
  return std::nullopt;
}

} // namespace parax::runtime::dist
