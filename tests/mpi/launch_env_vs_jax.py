#!/usr/bin/env python3
"""detectLaunchEnvironment() against JAX's own cluster detection (the oracle):
for each launcher environment below, JAX's OmpiCluster/SlurmCluster (checked
in JAX's order) give the process id, count, local id and coordinator address,
and LaunchEnvPrint must print the same. usage: launch_env_vs_jax.py DRIVER
Exit 77 (skipped) when JAX is not importable."""
import os
import subprocess
import sys

OMPI = {"OMPI_COMM_WORLD_RANK": "1", "OMPI_COMM_WORLD_SIZE": "4", "OMPI_COMM_WORLD_LOCAL_RANK": "1"}
SLURM = {"SLURM_JOB_ID": "4242", "SLURM_STEP_NODELIST": "127.0.0.1", "SLURM_NTASKS": "2", "SLURM_PROCID": "1",
         "SLURM_LOCALID": "1"}
CASES = [
    dict(OMPI, OMPI_MCA_orte_hnp_uri="1531576320.0;tcp://10.96.0.1,10.148.0.1,10.108.0.1:34911"),
    dict(OMPI, OMPI_MCA_orte_hnp_uri="1314521088.0;tcp6://[fe80::b9b:ac5d:9cf0:b858,2620:10d:c083::2]:43370"),
    dict(OMPI, OMPI_MCA_orte_hnp_uri="2887188480.0;tcp://192.168.1.7:40001", JAX_COORDINATOR_PORT="1234"),
    dict(SLURM),
    dict(SLURM, SLURM_STEP_NODELIST="node001,host2", SLURM_JOB_ID="77"),
    dict(SLURM, SLURM_STEP_NODELIST="node[001-015],host2", SLURM_JOB_ID="123456789"),
    dict(SLURM, SLURM_STEP_NODELIST="gpu[007,009-012]", SLURM_PROCID="0", SLURM_LOCALID="0"),
    dict(SLURM, JAX_COORDINATOR_PORT="5555"),
    # Both present: JAX takes Open MPI first.
    dict(SLURM, **OMPI, OMPI_MCA_orte_hnp_uri="1531576320.0;tcp://10.0.0.2:1"),
]
LAUNCH_VARS = {k for c in CASES for k in c} | {"PMIX_RANK", "PMI_RANK", "PMI_SIZE"}


def jax_view(env):
    from jax._src.clusters import OmpiCluster, SlurmCluster
    saved = dict(os.environ)
    try:
        for k in LAUNCH_VARS:
            os.environ.pop(k, None)
        os.environ.update(env)
        for cluster in (OmpiCluster, SlurmCluster):  # JAX's order of declaration
            if cluster.is_env_present():
                addr = cluster.get_coordinator_address(timeout_secs=None,
                                                       override_coordinator_port=os.environ.get(
                                                           "JAX_COORDINATOR_PORT"))
                return (f"{cluster.name} {cluster.get_process_id()} {cluster.get_process_count()} "
                        f"{cluster.get_local_process_id()} {addr}")
        return "none"
    finally:
        os.environ.clear()
        os.environ.update(saved)


def main():
    try:
        import jax  # noqa: F401
    except Exception as e:  # no JAX here: nothing to compare with
        print(f"JAX not importable ({e}): skipped")
        return 77
    driver = sys.argv[1]
    failed = 0
    for env in CASES:
        want = jax_view(env)
        clean = {k: v for k, v in os.environ.items() if k not in LAUNCH_VARS}
        got = subprocess.run([driver], env=dict(clean, **env), capture_output=True, text=True).stdout.strip()
        ok = got == want
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {want!r}" + ("" if ok else f" but parax says {got!r}"))
    print(f"launch_env_vs_jax: {len(CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
