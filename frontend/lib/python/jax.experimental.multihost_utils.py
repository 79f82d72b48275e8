# jax.experimental.multihost_utils: host-level collectives between the
# processes of a job (process_allgather, sync_global_devices,
# broadcast_one_to_all, assert_equal), over the job's engine.
import numpy as _np
import jax as _jax
import jax.numpy as _jnp
import _parax_distributed as _native


def _gather(x):
    a = _np.asarray(x)
    if _jax.process_count() == 1:
        return a[None]
    return _np.asarray(_native.allgather(_jnp.asarray(a)))


def process_allgather(in_tree, tiled=False):
    def one(x):
        g = _gather(x)
        if tiled:
            if g.ndim < 2:
                return g.reshape(-1)
            return _np.concatenate(list(g), axis=0)
        return g
    return _jax.tree_util.tree_map(one, in_tree)


def sync_global_devices(name):
    if _jax.process_count() == 1:
        return None
    _native.sync_global_devices(str(name))


def broadcast_one_to_all(in_tree, is_source=None):
    if is_source is None:
        is_source = _jax.process_index() == 0
    # every process gathers everyone's value and keeps the source's
    src = process_allgather(_jax.process_index() if is_source else -1)
    k = int([i for i in range(len(src)) if src[i] >= 0][0])
    return _jax.tree_util.tree_map(lambda x: _gather(x)[k], in_tree)


def assert_equal(in_tree, fail_message=''):
    def one(x):
        g = _gather(x)
        for i in range(1, len(g)):
            if not _np.array_equal(g[i], g[0]):
                raise AssertionError(fail_message + ' Expected: ' + str(g[0]) + '; got: ' + str(g[i]) + '.')
    _jax.tree_util.tree_map(one, in_tree)
