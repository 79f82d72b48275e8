# jax.distributed: joining a job of several processes, with JAX's arguments,
# environment variables (JAX_COORDINATOR_ADDRESS, JAX_LOCAL_DEVICE_IDS, and
# parax's PARAX_COORDINATOR_ADDRESS / PARAX_NUM_PROCESSES / PARAX_PROCESS_ID)
# and cluster auto-detection (Open MPI's OMPI_*, Slurm's SLURM_*), as
# jax/_src/distributed.py and jax/_src/clusters do. The native half
# (_parax_distributed) connects to the coordinator and opens the engine.
import re as _re
import _parax_distributed as _native

# the launch variables (the program's os.environ holds only what --allow-env grants)
_environ = _native.launch_environment()


def _slurm_present():
    return all(v in _environ for v in ('SLURM_JOB_ID', 'SLURM_STEP_NODELIST', 'SLURM_NTASKS',
                                         'SLURM_PROCID', 'SLURM_LOCALID'))


def _slurm_address(port):
    if not port:
        port = str(int(_environ['SLURM_JOB_ID']) % 2 ** 12 + (65535 - 2 ** 12 + 1))
    nodes = _environ['SLURM_STEP_NODELIST']
    ind = len(nodes)
    for i, ch in enumerate(nodes):
        if ch in ',[':
            ind = i
            break
    if ind == len(nodes) or nodes[ind] == ',':
        return nodes[:ind] + ':' + port
    prefix, suffix = nodes[:ind], nodes[ind + 1:]
    ind2 = len(suffix)
    for i, ch in enumerate(suffix):
        if ch in ',-':
            ind2 = i
            break
    return prefix + suffix[:ind2] + ':' + port


def _ompi_address(port):
    uri = _environ['OMPI_MCA_orte_hnp_uri']
    if not port:
        job_id = int(uri.split('.', 1)[0]) // 2 ** 12
        port = str(job_id % 2 ** 12 + (65535 - 2 ** 12 + 1))
    m = _re.search(r"tcp://(.+?)[,:]|tcp6://\[(.+?)[,\]]", uri)
    if m is None:
        raise RuntimeError('Could not parse coordinator IP address from Open MPI environment.')
    ip = m.group(1) if m.group(1) is not None else m.group(2)
    return ip + ':' + port


def _detect(method):
    """(name, address_fn, count, id) of the cluster this process runs in, or None."""
    env = _environ
    ompi = 'OMPI_MCA_orte_hnp_uri' in env or 'OMPI_COMM_WORLD_SIZE' in env
    order = []
    if method in (None, 'ompi') and ompi:
        order.append('ompi')
    if method in (None, 'slurm') and _slurm_present():
        order.append('slurm')
    if method is not None and method not in ('ompi', 'slurm', 'deactivate'):
        raise ValueError('Invalid cluster_detection_method: ' + repr(method) +
                         " (parax knows 'ompi', 'slurm' and 'deactivate')")
    for name in order:
        if name == 'ompi':
            addr = _ompi_address if 'OMPI_MCA_orte_hnp_uri' in env else None
            return name, addr, int(env['OMPI_COMM_WORLD_SIZE']), int(env['OMPI_COMM_WORLD_RANK'])
        return name, _slurm_address, int(env['SLURM_NTASKS']), int(env['SLURM_PROCID'])
    return None


def _env_int(name):
    v = _environ.get(name)
    if v is None or v == '':
        return None
    try:
        return int(v)
    except ValueError:
        raise ValueError(name + ' must be an integer, got ' + repr(v))


def initialize(coordinator_address=None, num_processes=None, process_id=None,
               local_device_ids=None, cluster_detection_method=None,
               initialization_timeout=300, heartbeat_timeout_seconds=100,
               shutdown_timeout_seconds=300, coordinator_bind_address=None,
               slice_index=None, partition_index=None):
    if _native.joined_from_environment():
        return None  # parax launch / PARAX_* variables joined the job already
    if _native.is_initialized():
        # what JAX says to a second call (its backends exist by then)
        raise RuntimeError('jax.distributed.initialize() must be called before any JAX calls that '
                           'might initialise the XLA backend. This includes any computation, but '
                           'also calls to jax.devices, jax.device_put, and others.')
    coordinator_address = (coordinator_address or _environ.get('JAX_COORDINATOR_ADDRESS') or
                           _environ.get('PARAX_COORDINATOR_ADDRESS'))
    if num_processes is None:
        num_processes = _env_int('PARAX_NUM_PROCESSES')
    if process_id is None:
        process_id = _env_int('PARAX_PROCESS_ID')
    if isinstance(local_device_ids, int):
        local_device_ids = [local_device_ids]
    if local_device_ids is None and _environ.get('JAX_LOCAL_DEVICE_IDS'):
        local_device_ids = [int(s) for s in _environ['JAX_LOCAL_DEVICE_IDS'].split(',')]
    if (cluster_detection_method != 'deactivate' and
            None in (coordinator_address, num_processes, process_id)):
        found = _detect(cluster_detection_method)
        if found is not None:
            name, address_fn, count, pid = found
            if coordinator_address is None and address_fn is not None:
                coordinator_address = address_fn(_environ.get('JAX_COORDINATOR_PORT'))
            if num_processes is None:
                num_processes = count
            if process_id is None:
                process_id = pid
    if coordinator_address is None:
        raise ValueError('coordinator_address should be defined.')
    if num_processes is None:
        raise ValueError('Number of processes must be defined.')
    if process_id is None:
        raise ValueError('The process id of the current process must be defined.')
    if not isinstance(process_id, int):
        raise TypeError('process_id must be a nonnegative int. Got process_id=' +
                        repr(process_id) + ' of type ' + repr(type(process_id)) + '.')
    if not isinstance(num_processes, int):
        raise TypeError('num_processes must be a positive int. Got num_processes=' +
                        repr(num_processes) + ' of type ' + repr(type(num_processes)) + '.')
    if not (0 <= process_id < num_processes):
        raise ValueError('process_id and num_processes must be nonnegative, with process_id < '
                         'num_processes. Got process_id=' + str(process_id) +
                         ', num_processes=' + str(num_processes) + '.')
    local = None if local_device_ids is None else len(list(local_device_ids))
    _native.initialize(str(coordinator_address), num_processes, process_id, local,
                       initialization_timeout, heartbeat_timeout_seconds,
                       shutdown_timeout_seconds, coordinator_bind_address)


def is_initialized():
    return _native.is_initialized()


def shutdown():
    # The job ends at the program's end (the shutdown barrier); an early
    # shutdown changes nothing parax keeps.
    return None
