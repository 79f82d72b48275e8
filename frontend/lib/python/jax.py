# The Python half of the jax module, read when a name is first missing from
# the native one: the sharding names (jax.P, make_mesh, set_mesh,
# NamedSharding, typeof, reshard, shard_map ..., from jax.sharding and
# jax.experimental.shard_map), and the abstract array type that
# jax.eval_shape returns and that eval_shape / linear_transpose accept in
# place of arrays (the transformations themselves are native).
import jax.numpy as _jnp
from jax.sharding import (NamedSharding, P, PartitionSpec, make_mesh, reshard, set_mesh,
                          typeof, make_array_from_callback, make_array_from_single_device_arrays,
                          make_array_from_process_local_data)
from jax.experimental.shard_map import shard_map
import jax.distributed as distributed


class ShapeDtypeStruct:
    """An array's shape and dtype without its data."""

    def __init__(self, shape, dtype, *, sharding=None, weak_type=False):
        if shape is None or isinstance(shape, str):
            raise TypeError('ShapeDtypeStruct: shape must be a tuple of ints, got ' + repr(shape))
        self.shape = tuple(int(d) for d in shape)
        if dtype is None:
            raise ValueError('ShapeDtypeStruct: dtype must be specified.')
        self.dtype = _jnp.dtype(dtype)
        self.sharding = sharding
        self.weak_type = bool(weak_type)

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def __len__(self):
        if not self.shape:
            raise TypeError('len() of unsized object')
        return self.shape[0]

    def update(self, shape=None, dtype=None, sharding=None, weak_type=None):
        return ShapeDtypeStruct(self.shape if shape is None else shape,
                                self.dtype if dtype is None else dtype,
                                sharding=self.sharding if sharding is None else sharding,
                                weak_type=self.weak_type if weak_type is None else weak_type)

    def __repr__(self):
        weak = ', weak_type=True' if self.weak_type else ''
        return 'ShapeDtypeStruct(shape=' + str(self.shape) + ', dtype=' + self.dtype.name + weak + ')'

    __str__ = __repr__

    def __eq__(self, other):
        if not isinstance(other, ShapeDtypeStruct):
            return False
        return (self.shape == other.shape and self.dtype == other.dtype and
                self.weak_type == other.weak_type)

    def __hash__(self):
        return hash((self.shape, self.dtype.name, self.weak_type))
