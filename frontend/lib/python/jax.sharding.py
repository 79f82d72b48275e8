# jax.sharding: the data model of sharded arrays (meshes, axis types,
# partition specs, named and single-device shardings), the current mesh
# (jax.set_mesh), device_put/reshard onto a sharding, the shards of an
# array, jax.typeof and visualize_array_sharding's table. The arrays
# themselves, the sharding rules of the ops and the jit hooks are C++
# (frontend/lib/sharding/); shard_map is in jax.experimental.shard_map.
import _parax_sharding as _ps
import jax as _jax
import jax.numpy as _jnp


class _AxisTypeValue:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name

    def __str__(self):
        return 'AxisType.' + self.name

    def __hash__(self):
        return hash(self.name)


class AxisType:
    Auto = _AxisTypeValue('Auto')
    Explicit = _AxisTypeValue('Explicit')
    Manual = _AxisTypeValue('Manual')


def _check_partition(p):
    if p is None or isinstance(p, str):
        return p
    if isinstance(p, (tuple, list)):
        for e in p:
            if not isinstance(e, str):
                raise TypeError('PartitionSpec entries must be None, a mesh axis name or a '
                                'tuple of mesh axis names, got ' + repr(tuple(p)))
        # JAX's canonical form: ('x',) is 'x' and () is None.
        if len(p) == 0:
            return None
        if len(p) == 1:
            return p[0]
        return tuple(p)
    raise TypeError('PartitionSpec entries must be None, a mesh axis name or a tuple of mesh '
                    'axis names, got ' + repr(p))


class PartitionSpec:
    """How each array dimension is split over mesh axes (None: not split)."""

    def __init__(self, *partitions, unreduced=None, reduced=None):
        self._partitions = tuple([_check_partition(p) for p in partitions])

    def __repr__(self):
        inner = ', '.join([repr(p) for p in self._partitions])
        if len(self._partitions) == 1:
            inner += ','
        return 'P(' + inner + ')'

    def __str__(self):
        return self.__repr__()

    def __len__(self):
        return len(self._partitions)

    def __getitem__(self, i):
        return self._partitions[i]

    def __iter__(self):
        return iter(self._partitions)

    def __eq__(self, other):
        if isinstance(other, PartitionSpec):
            return self._partitions == other._partitions
        return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        parts = list(self._partitions)
        while parts and parts[-1] is None:
            parts.pop()
        return hash(tuple(parts))

    def _normalized(self, ndim):
        """One tuple of axis names per dimension (() where not split)."""
        out = []
        for p in self._partitions:
            if p is None:
                out.append(())
            elif isinstance(p, str):
                out.append((p,))
            else:
                out.append(tuple(p))
        while len(out) < ndim:
            out.append(())
        return tuple(out)


P = PartitionSpec


def _device_by_id(dev_id):
    """The device with global id `dev_id` (ids are not list positions once a
    job spans several processes: CPU ids are process * 2048 + k)."""
    for d in _jax.devices():
        if d.id == dev_id:
            return d
    raise ValueError('no device with id ' + str(dev_id))


def _is_local(dev_id):
    return _device_by_id(dev_id).process_index == _jax.process_index()


def _local_position(dev_id):
    """The device's position among this process's devices."""
    return [d.id for d in _jax.local_devices()].index(dev_id)


def _flatten_devices(devices):
    """Device ids and the grid shape of a (nested) list or array of devices."""
    if hasattr(devices, 'tolist') and not hasattr(devices, 'id'):
        devices = devices.tolist()
    if isinstance(devices, (list, tuple)):
        if len(devices) == 0:
            return [], (0,)
        ids = []
        inner = None
        for d in devices:
            sub_ids, sub_shape = _flatten_devices(d)
            if inner is None:
                inner = sub_shape
            elif inner != sub_shape:
                raise ValueError('Mesh devices must form a rectangular grid')
            ids.extend(sub_ids)
        return ids, (len(devices),) + inner
    return [devices.id], ()


class Mesh:
    """Devices laid out on a grid whose axes have names."""

    def __init__(self, devices, axis_names, axis_types=None):
        ids, shape = _flatten_devices(devices)
        if isinstance(axis_names, str):
            axis_names = (axis_names,)
        axis_names = tuple(axis_names)
        if len(shape) != len(axis_names):
            raise ValueError('Mesh requires the ndim of its first argument (`devices`) to equal '
                             'the length of its second argument (`axis_names`), but got '
                             'devices.ndim == ' + str(len(shape)) + ' and len(axis_names) == ' +
                             str(len(axis_names)) + '.')
        if len(set(axis_names)) != len(axis_names):
            raise ValueError('Mesh axis names must be unique, got ' + repr(axis_names))
        if axis_types is None:
            axis_types = (AxisType.Auto,) * len(axis_names)
        elif isinstance(axis_types, _AxisTypeValue):
            axis_types = (axis_types,) * len(axis_names)
        axis_types = tuple(axis_types)
        if len(axis_types) != len(axis_names):
            raise ValueError('Number of axis names should match the number of axis_types. Got '
                             'axis_names=' + repr(axis_names) + ' and axis_types=' +
                             repr(axis_types))
        self.axis_names = axis_names
        self.axis_sizes = tuple(shape)
        self.axis_types = axis_types
        self.device_ids = tuple(ids)
        self.size = len(ids)

    @property
    def shape(self):
        return _AxisShape(self.axis_names, self.axis_sizes)

    @property
    def shape_tuple(self):
        return tuple(zip(self.axis_names, self.axis_sizes))

    @property
    def devices(self):
        flat = [_device_by_id(i) for i in self.device_ids]
        return _DeviceGrid(_nest(flat, self.axis_sizes))

    @property
    def empty(self):
        return self.size == 0

    @property
    def explicit_axes(self):
        return tuple([n for n, t in zip(self.axis_names, self.axis_types)
                      if t is AxisType.Explicit])

    @property
    def auto_axes(self):
        return tuple([n for n, t in zip(self.axis_names, self.axis_types) if t is AxisType.Auto])

    @property
    def abstract_mesh(self):
        return AbstractMesh(self)

    def _types_str(self):
        inner = ', '.join([repr(t) for t in self.axis_types])
        if len(self.axis_types) == 1:
            inner += ','
        return '(' + inner + ')'

    def __repr__(self):
        return ('Mesh(axis_sizes=' + repr(self.axis_sizes) + ', axis_names=' +
                repr(self.axis_names) + ', axis_types=' + self._types_str() + ')')

    def __str__(self):
        axes = ', '.join([repr(n) + ': ' + str(s) for n, s in zip(self.axis_names,
                                                                  self.axis_sizes)])
        return 'Mesh(' + axes + ', axis_types=' + self._types_str() + ')'

    def __eq__(self, other):
        return (isinstance(other, Mesh) and self.axis_names == other.axis_names and
                self.axis_sizes == other.axis_sizes and self.device_ids == other.device_ids and
                [t.name for t in self.axis_types] == [t.name for t in other.axis_types])

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((self.axis_names, self.axis_sizes, self.device_ids))

    def __enter__(self):
        _mesh_stack.append(_current_mesh[0])
        _current_mesh[0] = self
        return self

    def __exit__(self, *exc):
        _current_mesh[0] = _mesh_stack.pop()
        return False

    def _axis_size(self, name):
        return self.axis_sizes[self.axis_names.index(name)]

    def _coords(self, position):
        """Mesh coordinates of the device at flat position `position`."""
        coords = []
        for s in reversed(self.axis_sizes):
            coords.append(position % s)
            position //= s
        return tuple(reversed(coords))


class AbstractMesh(Mesh):
    """A mesh's axes without its devices: what jax.typeof's sharding and
    get_abstract_mesh() hold."""

    def __init__(self, mesh):
        self.axis_names = mesh.axis_names
        self.axis_sizes = mesh.axis_sizes
        self.axis_types = mesh.axis_types
        self.device_ids = mesh.device_ids
        self.size = mesh.size

    @property
    def abstract_mesh(self):
        return self

    def __repr__(self):
        platform = _jax.devices()[0].platform
        axes = ', '.join([repr(n) + ': ' + str(s) for n, s in zip(self.axis_names,
                                                                  self.axis_sizes)])
        return ('AbstractMesh(' + axes + ', axis_types=' + self._types_str() +
                ', device_kind=' + platform + ', num_cores=None, platform=' + platform + ')')

    def __str__(self):
        return self.__repr__()

    def __eq__(self, other):
        return (isinstance(other, AbstractMesh) and self.axis_names == other.axis_names and
                self.axis_sizes == other.axis_sizes and
                [t.name for t in self.axis_types] == [t.name for t in other.axis_types])

    def __hash__(self):
        return hash((self.axis_names, self.axis_sizes))


class _AxisShape:
    """mesh.shape: axis name -> size, in mesh order (JAX's OrderedDict)."""

    def __init__(self, names, sizes):
        self._names = tuple(names)
        self._sizes = tuple(sizes)

    def __getitem__(self, name):
        if name not in self._names:
            raise KeyError(name)
        return self._sizes[self._names.index(name)]

    def get(self, name, default=None):
        return self[name] if name in self._names else default

    def keys(self):
        return list(self._names)

    def values(self):
        return list(self._sizes)

    def items(self):
        return list(zip(self._names, self._sizes))

    def __iter__(self):
        return iter(self._names)

    def __len__(self):
        return len(self._names)

    def __contains__(self, name):
        return name in self._names

    def __eq__(self, other):
        if isinstance(other, _AxisShape):
            return self.items() == other.items()
        if isinstance(other, dict):
            return dict(self.items()) == other
        return False

    def __repr__(self):
        return 'OrderedDict(' + repr(self.items()) + ')'


class _DeviceGrid:
    """An n-d grid of devices: what numpy's object arrays of Device give JAX
    programs (np.array(jax.devices()).reshape(2, 2), mesh.devices)."""

    def __init__(self, nested, shape=None):
        if shape is None:
            ids, shape = _flatten_devices(nested)
            flat = _flatten_list(nested)
        else:
            flat = list(nested)
        self._flat = flat
        self.shape = tuple(shape)
        self.ndim = len(self.shape)
        self.size = len(flat)
        self.dtype = 'object'

    def tolist(self):
        return _nest(self._flat, self.shape) if self.ndim else self._flat[0]

    @property
    def flat(self):
        return iter(self._flat)

    def flatten(self):
        return _DeviceGrid(self._flat, (self.size,))

    ravel = flatten

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        shape = list(shape)
        if -1 in shape:
            known = 1
            for s in shape:
                if s != -1:
                    known *= s
            shape[shape.index(-1)] = self.size // known
        n = 1
        for s in shape:
            n *= s
        if n != self.size:
            # numpy's form: (2,2), (4,)
            shown = '(' + ','.join(str(s) for s in shape) + (',)' if len(shape) == 1 else ')')
            raise ValueError('cannot reshape array of size ' + str(self.size) + ' into shape ' +
                             shown)
        return _DeviceGrid(self._flat, tuple(shape))

    def __len__(self):
        return self.shape[0]

    def __iter__(self):
        return iter([self[i] for i in range(self.shape[0])])

    def __getitem__(self, i):
        if isinstance(i, tuple) and len(i) == 1:
            i = i[0]
        if isinstance(i, tuple):
            row = self[i[0]]
            return row[i[1:]] if len(i) > 2 else row[i[1]]
        step = self.size // self.shape[0]
        if isinstance(i, slice):
            rows = list(range(self.shape[0]))[i]
            flat = []
            for r in rows:
                flat.extend(self._flat[r * step:(r + 1) * step])
            return _DeviceGrid(flat, (len(rows),) + self.shape[1:])
        if i < 0:
            i += self.shape[0]
        if self.ndim == 1:
            return self._flat[i]
        return _DeviceGrid(self._flat[i * step:(i + 1) * step], self.shape[1:])

    def _text(self, nested, indent):
        if not isinstance(nested, list):
            return repr(nested)
        if nested and not isinstance(nested[0], list):
            return '[' + ' '.join([repr(d) for d in nested]) + ']'
        sep = '\n' + ' ' * (indent + 1)
        return '[' + sep.join([self._text(n, indent + 1) for n in nested]) + ']'

    def __str__(self):
        return self._text(self.tolist(), 0)

    def __repr__(self):
        body = self._text(self.tolist(), 6).replace(' ', ', ').replace(',\n', '\n')
        return 'array(' + str(self.tolist()) + ', dtype=object)'


def _nest(flat, shape):
    if len(shape) == 0:
        return flat[0]
    if len(shape) == 1:
        return list(flat)
    step = len(flat) // shape[0]
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def make_mesh(axis_shapes, axis_names, axis_types=None, *, devices=None):
    """A mesh over the first prod(axis_shapes) devices; axis types default to
    Explicit (jax.make_mesh's default)."""
    if isinstance(axis_names, str):
        axis_names = (axis_names,)
    axis_shapes = tuple(axis_shapes)
    n = 1
    for s in axis_shapes:
        n *= s
    if devices is None:
        devices = _jax.devices()
    else:
        devices = _flatten_list(devices)
    if n > len(devices):
        raise ValueError('Number of devices ' + str(len(devices)) + ' must be >= the product '
                         'of mesh_shape ' + repr(axis_shapes))
    if axis_types is None:
        axis_types = (AxisType.Explicit,) * len(axis_names)
    return Mesh(_nest(list(devices[:n]), axis_shapes), axis_names, axis_types)


def _flatten_list(devices):
    if hasattr(devices, 'tolist') and not hasattr(devices, 'id'):
        devices = devices.tolist()
    if isinstance(devices, (list, tuple)):
        out = []
        for d in devices:
            out.extend(_flatten_list(d))
        return out
    return [devices]


# The mesh set by jax.set_mesh (global) and the ones it replaced inside
# `with` blocks.
_current_mesh = [None]
_mesh_stack = []


class _SetMesh:
    """jax.set_mesh(m): sets m at once; as a context manager it restores the
    previous mesh on exit."""

    def __init__(self, mesh):
        self._prev = _current_mesh[0]
        self._mesh = mesh
        _current_mesh[0] = mesh

    def __enter__(self):
        return self._mesh

    def __exit__(self, *exc):
        _current_mesh[0] = self._prev
        return False


def set_mesh(mesh):
    if mesh is not None and not isinstance(mesh, Mesh):
        raise TypeError('jax.set_mesh expects a Mesh, got ' + repr(mesh))
    return _SetMesh(mesh)


class _EmptyMesh:
    axis_names = ()
    axis_sizes = ()
    axis_types = ()
    size = 0
    empty = True
    shape = {}

    def __repr__(self):
        return 'AbstractMesh((), axis_types=())'


def get_abstract_mesh():
    m = _current_mesh[0]
    return _EmptyMesh() if m is None else AbstractMesh(m)


def get_mesh():
    m = _current_mesh[0]
    return _EmptyMesh() if m is None else m


def _require_mesh(what):
    m = _current_mesh[0]
    if m is None:
        raise ValueError('Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to ' +
                         what)
    return m


class Sharding:
    pass


class NamedSharding(Sharding):
    """An array split over `mesh` as `spec` says."""

    def __init__(self, mesh, spec, *, memory_kind=None):
        if not isinstance(mesh, Mesh):
            raise TypeError('NamedSharding expects a Mesh as its first argument, got ' +
                            repr(mesh))
        if not isinstance(spec, PartitionSpec):
            if spec is None:
                spec = PartitionSpec()
            elif isinstance(spec, (tuple, list)):
                spec = PartitionSpec(*spec)
            else:
                raise TypeError('NamedSharding expects a PartitionSpec, got ' + repr(spec))
        used = []
        for part in spec._normalized(0):
            for name in part:
                if name not in mesh.axis_names:
                    raise ValueError('Resource axis: ' + name + ' of ' + repr(spec) +
                                     ' is not found in mesh: ' + repr(mesh.axis_names) + '.')
                if name in used:
                    raise ValueError('A single NamedSharding spec specification can map every '
                                     'mesh axis to at most one positional dimension, but ' +
                                     repr(spec) + ' has duplicate entries for `' + name + '`')
                used.append(name)
        self.mesh = mesh
        self.spec = spec
        self.memory_kind = 'device' if memory_kind is None else memory_kind

    def __repr__(self):
        if isinstance(self.mesh, AbstractMesh):
            return 'NamedSharding(mesh=' + repr(self.mesh) + ', spec=' + repr(self.spec) + ')'
        return ('NamedSharding(mesh=' + str(self.mesh) + ', spec=' + repr(self.spec) +
                ', memory_kind=' + self.memory_kind + ')')

    def __eq__(self, other):
        return (isinstance(other, NamedSharding) and self.mesh == other.mesh and
                self.spec._normalized(0) == other.spec._normalized(0))

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((hash(self.mesh), hash(self.spec)))

    @property
    def num_devices(self):
        return self.mesh.size

    @property
    def device_set(self):
        return set([_device_by_id(i) for i in self.mesh.device_ids])

    @property
    def addressable_devices(self):
        return set([_device_by_id(i) for i in self.mesh.device_ids if _is_local(i)])

    @property
    def is_fully_addressable(self):
        return all([_is_local(i) for i in self.mesh.device_ids])

    @property
    def is_fully_replicated(self):
        for part in self.spec._normalized(0):
            for name in part:
                if self.mesh._axis_size(name) > 1:
                    return False
        return True

    def _parts(self, ndim):
        parts = self.spec._normalized(ndim)
        if len(parts) > ndim:
            raise ValueError('One of device_put args was given the sharding of ' + repr(self) +
                             ', which implies that the global size of its dimension ' +
                             str(len(parts) - 1) + ' should be divisible by 1, but it is an '
                             'array of rank ' + str(ndim) + ': the PartitionSpec ' +
                             repr(self.spec) + ' has more entries than the array has '
                             'dimensions')
        return parts

    def _splits(self, ndim):
        out = []
        for part in self._parts(ndim):
            n = 1
            for name in part:
                n *= self.mesh._axis_size(name)
            out.append(n)
        return out

    def shard_shape(self, global_shape):
        global_shape = tuple(global_shape)
        splits = self._splits(len(global_shape))
        out = []
        for d, (size, n) in enumerate(zip(global_shape, splits)):
            if size % n != 0:
                raise ValueError('Sharding spec ' + repr(tuple(self.spec)) + ' implies that '
                                 'array axis ' + str(d) + ' is partitioned ' + str(n) +
                                 ' times, but does not evenly divide the dimension size ' +
                                 str(size) + '. Got shape: ' + repr(global_shape) +
                                 ' and sharding ' + repr(self))
            out.append(size // n)
        return tuple(out)

    def _device_index(self, position, global_shape):
        """(index slices, replica id) of the device at mesh position."""
        coords = self.mesh._coords(position)
        global_shape = tuple(global_shape)
        parts = self._parts(len(global_shape))
        block = self.shard_shape(global_shape)
        index = []
        used = []
        for d, part in enumerate(parts):
            if not part:
                index.append(slice(None, None, None))
                continue
            k = 0
            for name in part:
                a = self.mesh.axis_names.index(name)
                k = k * self.mesh.axis_sizes[a] + coords[a]
                used.append(name)
            index.append(slice(k * block[d], (k + 1) * block[d], None))
        replica = 0
        for a, name in enumerate(self.mesh.axis_names):
            if name not in used:
                replica = replica * self.mesh.axis_sizes[a] + coords[a]
        return tuple(index), replica

    def devices_indices_map(self, global_shape):
        out = {}
        for pos, dev_id in enumerate(self.mesh.device_ids):
            out[_device_by_id(dev_id)] = self._device_index(pos, global_shape)[0]
        return out

    def addressable_devices_indices_map(self, global_shape):
        out = {}
        for pos, dev_id in enumerate(self.mesh.device_ids):
            if _is_local(dev_id):
                out[_device_by_id(dev_id)] = self._device_index(pos, global_shape)[0]
        return out

    def is_equivalent_to(self, other, ndim):
        if not hasattr(other, 'devices_indices_map'):
            return False
        shape = tuple([max(1, self._splits(ndim)[d]) * 2 for d in range(ndim)]) if \
            isinstance(self, NamedSharding) else (2,) * ndim
        a = sorted([(d.id, repr(i)) for d, i in self.devices_indices_map(shape).items()])
        b = sorted([(d.id, repr(i)) for d, i in other.devices_indices_map(shape).items()])
        return a == b

    def with_spec(self, spec):
        return NamedSharding(self.mesh, spec if isinstance(spec, PartitionSpec) else
                             PartitionSpec(*spec), memory_kind=self.memory_kind)

    def _parax_desc(self):
        # What the C++ side reads: mesh axes, sizes, explicit flags, device
        # ids and one tuple of axis names per dimension.
        return (self.mesh.axis_names, self.mesh.axis_sizes,
                tuple([t is AxisType.Explicit for t in self.mesh.axis_types]),
                self.mesh.device_ids, self.spec._normalized(0))


def _named(mesh, parts):
    """NamedSharding(mesh, P(...)) from one tuple of axis names per dim."""
    spec = []
    for p in parts:
        if len(p) == 0:
            spec.append(None)
        elif len(p) == 1:
            spec.append(p[0])
        else:
            spec.append(tuple(p))
    return NamedSharding(mesh, PartitionSpec(*spec))


class SingleDeviceSharding(Sharding):
    def __init__(self, device, *, memory_kind=None):
        self._device = device
        self.memory_kind = 'device' if memory_kind is None else memory_kind

    def __repr__(self):
        return ('SingleDeviceSharding(device=' + repr(self._device) + ', memory_kind=' +
                self.memory_kind + ')')

    def __eq__(self, other):
        return isinstance(other, SingleDeviceSharding) and self._device.id == other._device.id

    def __hash__(self):
        return hash(self._device.id)

    @property
    def device_set(self):
        return set([self._device])

    @property
    def addressable_devices(self):
        return self.device_set

    @property
    def num_devices(self):
        return 1

    @property
    def is_fully_replicated(self):
        return True

    @property
    def is_fully_addressable(self):
        return True

    def shard_shape(self, global_shape):
        return tuple(global_shape)

    def devices_indices_map(self, global_shape):
        return {self._device: tuple([slice(None, None, None) for _ in global_shape])}

    def addressable_devices_indices_map(self, global_shape):
        return self.devices_indices_map(global_shape)


def _default_sharding():
    return SingleDeviceSharding(_jax.devices()[0])


# ---------------------------------------------------------------------------
# Placing arrays.

def _as_sharding(s, what):
    if isinstance(s, PartitionSpec):
        return NamedSharding(_require_mesh(what), s)
    return s


def _put_leaf(x, s):
    if s is None:
        return _jnp.asarray(x) if not hasattr(x, 'shape') or not hasattr(x, 'sharding') else x
    if isinstance(s, SingleDeviceSharding) or hasattr(s, 'id'):
        return _ps.unshard(_jnp.asarray(x))
    if not isinstance(s, NamedSharding):
        raise TypeError('device_put expects a Sharding, PartitionSpec or Device, got ' + repr(s))
    x = _jnp.asarray(x)
    s.shard_shape(x.shape)
    return _ps.attach(x, s)


def _tree_put(x, s, what, committed_must_match=False):
    if isinstance(s, (list, tuple)) and isinstance(x, (list, tuple)) and len(s) == len(x):
        out = [_tree_put(a, b, what, committed_must_match) for a, b in zip(x, s)]
        return tuple(out) if isinstance(x, tuple) else out
    if isinstance(s, dict) and isinstance(x, dict):
        return {k: _tree_put(x[k], s[k], what, committed_must_match) for k in x}
    s = _as_sharding(s, what)

    def leaf(v):
        if committed_must_match:
            _check_committed(v, s)
        return _put_leaf(v, s)
    return _jax.tree_util.tree_map(leaf, x)


def _check_committed(x, s):
    """jit's in_shardings do not reshard an argument that already has a
    sharding of its own: JAX refuses a mismatch."""
    have = _ps.get(x) if hasattr(x, 'shape') else None
    if have is None or not isinstance(s, NamedSharding) or have == s:
        return
    raise ValueError('Sharding passed to jit does not match the sharding on the respective '
                     'arg. Got jit sharding: ' + repr(s) + ',\narg sharding: ' + repr(have) +
                     ' for arg type: ' + str(_jax.typeof(x)))


def device_put(x, device=None, *, src=None, donate=False, may_alias=None):
    return _tree_put(x, device, 'device_put')


def reshard(xs, out_shardings):
    return _tree_put(xs, out_shardings, 'reshard')


def _constrain_leaf(x, s):
    if isinstance(s, PartitionSpec):
        mesh = _require_mesh('with_sharding_constraint')
        if hasattr(x, 'shape') and mesh.axis_names and \
                len(mesh.explicit_axes) == len(mesh.axis_names):
            # On an all-Explicit mesh a bare spec is an assertion about the
            # value's type (JAX): it must already be split so.
            ndim = len(x.shape)
            have_s = _ps.get(x)
            have = have_s.spec._normalized(ndim) if have_s is not None else ((),) * ndim
            want = s._normalized(ndim)
            if tuple(have) != tuple(want):
                raise AssertionError(
                    '`with_sharding_constraint` acts as an assert when all axes of mesh are '
                    'of type `Explicit`. The array sharding: ' +
                    repr(PartitionSpec(*_named(mesh, have).spec)) + ' did not match the '
                    'sharding provided: ' + repr(PartitionSpec(*_named(mesh, want).spec)) +
                    '. Please use `jax.sharding.reshard` to shard your input to the sharding '
                    'you want.')
            return x
        s = NamedSharding(mesh, s)
    if isinstance(s, NamedSharding):
        explicit = s.mesh.explicit_axes
        for part in s.spec._normalized(0):
            for name in part:
                if name in explicit:
                    raise ValueError('The spec of NamedSharding passed to '
                                     'with_sharding_constraint can only refer to Auto axes of '
                                     'the mesh. Got spec=' + repr(s.spec) + ' and mesh=' +
                                     str(s.mesh) + '. You probably meant to use `reshard` API?')
        # A hint to the compiler on Auto axes: a value already split over
        # Explicit axes keeps its type.
        if _ps.get(x) is not None:
            return x
    return _put_leaf(x, s)


def with_sharding_constraint(x, shardings):
    if isinstance(shardings, (list, tuple)) and isinstance(x, (list, tuple)):
        out = [with_sharding_constraint(a, b) for a, b in zip(x, shardings)]
        return tuple(out) if isinstance(x, tuple) else out
    return _jax.tree_util.tree_map(lambda leaf: _constrain_leaf(leaf, shardings), x)


def _creation_sharding(out_sharding, device):
    """The NamedSharding a creation call asks for, or None."""
    s = out_sharding if out_sharding is not None else device
    if isinstance(s, PartitionSpec):
        return NamedSharding(_require_mesh('out_sharding'), s)
    return s if isinstance(s, NamedSharding) else None


def _out_sharding(value, out_sharding, device=None):
    """Applies creation functions' out_sharding= / device= to `value`."""
    s = out_sharding if out_sharding is not None else device
    if s is None:
        return value
    if hasattr(s, 'id') and not isinstance(s, Sharding):
        return value
    return _tree_put(value, s, 'out_sharding')


# ---------------------------------------------------------------------------
# What an array tells about its sharding.

def _array_sharding(x):
    s = _ps.get(x)
    return _default_sharding() if s is None else s


class Shard:
    def __init__(self, device, index, replica_id, data):
        self.device = device
        self.index = index
        self.replica_id = replica_id
        self.data = data

    def __repr__(self):
        return ('Shard(device=' + repr(self.device) + ', index=' + repr(self.index) +
                ', replica_id=' + str(self.replica_id) + ', data=' + str(self.data) + ')')


def _addressable_shards(x):
    s = _ps.get(x)
    if s is None:
        return [Shard(_jax.local_devices()[0], tuple([slice(None, None, None) for _ in x.shape]),
                      0, _ps.unshard(x))]
    out = []
    for pos, dev_id in enumerate(s.mesh.device_ids):
        if not _is_local(dev_id):  # another process's shard: not addressable here
            continue
        index, replica = s._device_index(pos, x.shape)
        # The shard the array holds for this device (no global copy is made).
        out.append(Shard(_device_by_id(dev_id), index, replica,
                         _ps.shard_data(x, index, _local_position(dev_id), pos)))
    return out


def _process_local_data(x):
    """This process's part of a global array (the range its shards cover in
    each dimension): what pmap takes from an array over several processes."""
    s = _ps.get(x)
    if s is None or not isinstance(s, NamedSharding) or s.is_fully_addressable:
        return x
    plain = _ps.unshard(x)
    lo = list(x.shape)
    hi = [0] * len(x.shape)
    for pos, dev_id in enumerate(s.mesh.device_ids):
        if _is_local(dev_id):
            index, _ = s._device_index(pos, x.shape)
            for d, sl in enumerate(index):
                a = 0 if sl.start is None else sl.start
                b = x.shape[d] if sl.stop is None else sl.stop
                lo[d] = min(lo[d], a)
                hi[d] = max(hi[d], b)
    return plain[tuple([slice(lo[d], hi[d], None) for d in range(len(lo))])]


def _array_attr(x, name):
    if name == 'sharding':
        return _array_sharding(x)
    if name == 'addressable_shards' or name == 'global_shards':
        return _addressable_shards(x)
    if name == 'is_fully_addressable':
        s = _ps.get(x)
        return True if s is None else s.is_fully_addressable
    if name == 'is_fully_replicated':
        s = _ps.get(x)
        return True if s is None else s.is_fully_replicated
    if name == 'addressable_data':
        return lambda i: _addressable_shards(x)[i].data
    if name == 'format':
        return None
    if name == 'devices':
        return lambda: _array_sharding(x).device_set
    raise AttributeError(name)


# ---------------------------------------------------------------------------
# jax.typeof: shape, dtype and the sharding in the type (Explicit axes only).

class ShapedArray:
    def __init__(self, shape, dtype, weak_type, sharding):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.weak_type = weak_type
        self.sharding = sharding
        self.ndim = len(self.shape)
        n = 1
        for d in self.shape:
            n *= d
        self.size = n

    def str_short(self, short_dtypes=False):
        return self.__str__()

    def __str__(self):
        dims = []
        parts = self.sharding.spec._normalized(self.ndim) if self.sharding is not None else \
            ((),) * self.ndim
        for d, p in zip(self.shape, parts):
            if len(p) == 0:
                dims.append(str(d))
            elif len(p) == 1:
                dims.append(str(d) + '@' + p[0])
            else:
                dims.append(str(d) + '@(' + ','.join(p) + ')')
        return ('~' if self.weak_type else '') + str(self.dtype) + '[' + ','.join(dims) + ']'

    def __repr__(self):
        return 'ShapedArray(' + self.__str__() + ')'

    def __eq__(self, other):
        return (isinstance(other, ShapedArray) and self.shape == other.shape and
                str(self.dtype) == str(other.dtype) and self.weak_type == other.weak_type)

    def __hash__(self):
        return hash((self.shape, str(self.dtype)))


def _type_sharding(s, ndim):
    """The sharding as the type sees it: Auto axes are not part of it."""
    explicit = s.mesh.explicit_axes
    parts = []
    for p in s.spec._normalized(ndim):
        parts.append(tuple([n for n in p if n in explicit]))
    return _named(s.mesh.abstract_mesh, parts)


def typeof(x):
    if isinstance(x, (bool, int, float)) or not hasattr(x, 'dtype'):
        x = _jnp.asarray(x)
    s = _ps.get(x)
    if s is not None:
        s = _type_sharding(s, len(x.shape))
    elif _current_mesh[0] is not None and len(_current_mesh[0].axis_names) > 0:
        s = _named(_current_mesh[0].abstract_mesh, ((),) * len(x.shape))
    return ShapedArray(x.shape, x.dtype, x.weak_type, s)


# ---------------------------------------------------------------------------
# jax.debug.visualize_array_sharding: the text table JAX's `rich` prints
# (no colour), cell sizes from the shard's share of the array.

def _chunk_index(size, slc):
    if slc.start is None:
        return 0
    return slc.start // (slc.stop - slc.start)


def visualize_array_sharding(arr, *, use_color=True, scale=1.0, min_width=9, max_width=80,
                             color_map=None):
    shape = tuple(arr.shape)
    s = _array_sharding(arr)
    visualize_sharding(shape, s, use_color=use_color, scale=scale, min_width=min_width,
                       max_width=max_width)


def visualize_sharding(shape, sharding, *, use_color=True, scale=1.0, min_width=9,
                       max_width=80, color_map=None):
    shape = tuple(shape)
    if len(shape) > 2 or len(shape) < 1:
        raise ValueError('`visualize_sharding` only works for shapes with 1 and 2 dimensions.')
    base_height = int(10 * scale)
    aspect = (shape[1] if len(shape) == 2 else 1) / shape[0]
    base_width = int(base_height * aspect)
    kind = _jax.devices()[0].platform.upper()
    cells = {}
    heights = {}
    widths = {}
    for dev, slcs in sharding.devices_indices_map(shape).items():
        if len(slcs) == 2:
            v, h = slcs
            key = (_chunk_index(shape[0], v), _chunk_index(shape[1], h))
            vs = (v.stop - v.start) if v.stop is not None else shape[0]
            hs = (h.stop - h.start) if h.stop is not None else shape[1]
            heights[key] = vs / shape[0]
            widths[key] = hs / shape[1]
        else:
            h = slcs[0]
            key = (0, _chunk_index(shape[0], h))
            hs = (h.stop - h.start) if h.stop is not None else shape[0]
            heights[key] = None
            widths[key] = hs / shape[0]
        cells.setdefault(key, []).append(dev.id)
    rows = max([k[0] for k in cells]) + 1
    cols = max([k[1] for k in cells]) + 1
    # Each cell: its text and padding (top, right, bottom, left).
    grid = []
    for i in range(rows):
        row = []
        for j in range(cols):
            text = kind + ' ' + ','.join([str(d) for d in sorted(cells[(i, j)])])
            width = int(widths[(i, j)] * base_width * 2.5)
            height = 1 if heights[(i, j)] is None else int(heights[(i, j)] * base_height)
            width = min(max(width, min_width), max_width)
            left, rem = divmod(width - len(text) - 2, 2)
            right = left + rem
            top, rem = divmod(height - 2, 2)
            bottom = top + rem
            row.append((text, max(top, 0), max(right, 0), max(bottom, 0), max(left, 0)))
        grid.append(row)
    col_w = [max([len(grid[i][j][0]) + grid[i][j][2] + grid[i][j][4] for i in range(rows)])
             for j in range(cols)]
    # A table wider than the console shrinks its columns (as rich does, in
    # proportion to their widths).
    total = sum(col_w) + cols + 1
    if total > max_width:
        avail = max_width - cols - 1
        scaled = [w * avail // sum(col_w) for w in col_w]
        col_w = scaled
    lines = []

    def border(l, m, r):
        return l + m.join(['\u2500' * w for w in col_w]) + r

    lines.append(border('\u250c', '\u252c', '\u2510'))
    for i in range(rows):
        height = max([grid[i][j][1] + 1 + grid[i][j][3] for j in range(cols)])
        cell_lines = []
        for j in range(cols):
            text, top, right, bottom, left = grid[i][j]
            w = col_w[j]
            inner = w - left - right
            if inner < len(text):
                inner = max(w, 0)
                left = 0
            pad = inner - len(text)
            centered = ' ' * (pad // 2) + text + ' ' * (pad - pad // 2) if pad >= 0 else \
                text[:inner]
            content = [' ' * w] * top + [' ' * left + centered + ' ' * (w - left - len(centered))]
            content += [' ' * w] * (height - len(content))
            cell_lines.append(content)
        for k in range(height):
            lines.append('\u2502' + '\u2502'.join([cell_lines[j][k] for j in range(cols)]) +
                         '\u2502')
        if i + 1 < rows:
            lines.append(border('\u251c', '\u253c', '\u2524'))
    lines.append(border('\u2514', '\u2534', '\u2518'))
    print('\n'.join(lines))


# jax.sharding also names these.
def make_single_device_sharding(device):
    return SingleDeviceSharding(device)


def make_array_from_callback(shape, sharding, data_callback, dtype=None):
    """The global array whose every shard is data_callback(its index)."""
    import numpy as _np
    shape = tuple(shape)
    if not isinstance(sharding, NamedSharding):
        whole = data_callback(tuple([slice(None, None, None) for _ in shape]))
        return _jnp.asarray(whole, dtype=dtype)
    sharding.shard_shape(shape)
    g = None
    filled = _np.zeros(shape, _np.int32)
    done = []
    # As in JAX, the callback is asked only for this process's shards.
    for pos in range(sharding.mesh.size):
        if not _is_local(sharding.mesh.device_ids[pos]):
            continue
        index, replica = sharding._device_index(pos, shape)
        key = repr(index)
        if key in done:
            continue
        done.append(key)
        block = _np.asarray(data_callback(index))
        if g is None:
            g = _np.zeros(shape, dtype=block.dtype if dtype is None else dtype)
        g[index] = block
        filled[index] = 1
    return _put_leaf(_across_processes(g, filled), sharding)


def _across_processes(g, filled):
    """The global array from every process's part of it (`filled` marks this
    process's part of `g`). parax keeps a global array's whole data in every
    process; the shards of other processes' devices stay non-addressable."""
    import numpy as _np
    if _jax.process_count() == 1:
        return g
    from jax.experimental import multihost_utils as _mh
    parts = _mh.process_allgather(g)
    marks = _mh.process_allgather(filled)
    out = _np.zeros(g.shape, g.dtype)
    for q in range(len(parts)):
        out = _np.where(marks[q] != 0, parts[q], out)
    return out


def make_array_from_process_local_data(sharding, local_data, global_shape=None):
    """The global array of which this process holds the part on its own
    devices (each dimension: the range its devices' shards cover)."""
    import numpy as _np
    local_data = _np.asarray(local_data)
    if not isinstance(sharding, NamedSharding):
        return _put_leaf(local_data, sharding)
    ndim = local_data.ndim
    splits = sharding._splits(ndim)
    # The shard ranges of this process's devices, in blocks per dimension.
    mine = [set() for _ in range(ndim)]
    probe = tuple([n for n in splits])
    for pos, dev_id in enumerate(sharding.mesh.device_ids):
        if _is_local(dev_id):
            index, _ = sharding._device_index(pos, probe)
            for d in range(ndim):
                mine[d].add(0 if index[d].start is None else index[d].start)
    if global_shape is None:
        global_shape = tuple([local_data.shape[d] * splits[d] // len(mine[d])
                              for d in range(ndim)])
    global_shape = tuple(global_shape)
    if len(global_shape) != ndim:
        raise ValueError('local_data has rank ' + str(ndim) + ' but global_shape ' +
                         repr(global_shape) + ' has rank ' + str(len(global_shape)))
    block = sharding.shard_shape(global_shape)
    start = []
    for d in range(ndim):
        want = len(mine[d]) * block[d]
        if local_data.shape[d] != want and local_data.shape[d] != global_shape[d]:
            raise ValueError('Invalid local data shape: ' + repr(local_data.shape) + ' for '
                             'global shape ' + repr(global_shape) + ' and sharding ' +
                             repr(sharding) + ': dimension ' + str(d) + ' should be ' +
                             str(want) + ' (this process\'s shards)')
        start.append(0 if local_data.shape[d] == global_shape[d] else min(mine[d]) * block[d])
    g = _np.zeros(global_shape, local_data.dtype)
    filled = _np.zeros(global_shape, _np.int32)
    where = tuple([slice(start[d], start[d] + local_data.shape[d], None) for d in range(ndim)])
    g[where] = local_data
    filled[where] = 1
    return _put_leaf(_across_processes(g, filled), sharding)


def make_array_from_single_device_arrays(shape, sharding, arrays):
    import numpy as _np
    shape = tuple(shape)
    g = None
    for pos in range(min(len(arrays), sharding.mesh.size)):
        index, replica = sharding._device_index(pos, shape)
        block = _np.asarray(arrays[pos])
        if g is None:
            g = _np.zeros(shape, dtype=block.dtype)
        g[index] = block
    return _put_leaf(g, sharding)


class _JitWithShardings:
    """jax.jit(f, in_shardings=, out_shardings=): arguments are put onto
    in_shardings before the call, results resharded onto out_shardings."""

    def __init__(self, jitted, in_shardings, out_shardings):
        self._jitted = jitted
        self._in = in_shardings
        self._out = out_shardings
        self.__wrapped__ = getattr(jitted, '__wrapped__', jitted)
        self.__name__ = getattr(jitted, '__name__', 'jit')

    def _put_args(self, args):
        s = self._in
        if isinstance(s, list):
            s = tuple(s)
        if isinstance(s, tuple):
            if len(s) != len(args):
                raise ValueError('jit in_shardings has ' + str(len(s)) + ' entries but the '
                                 'function was called with ' + str(len(args)) +
                                 ' positional arguments')
            return tuple([a if sh is None or not _is_array_tree(a) else
                          _tree_put(a, sh, 'jit in_shardings', True) for a, sh in zip(args, s)])
        return tuple([a if not _is_array_tree(a) else _tree_put(a, s, 'jit in_shardings', True)
                      for a in args])

    def __call__(self, *args, **kwargs):
        if self._in is not None:
            args = self._put_args(args)
        out = self._jitted(*args, **kwargs)
        if self._out is not None:
            out = _tree_put(out, self._out, 'jit out_shardings')
        return out

    def __getattr__(self, name):
        return getattr(self._jitted, name)


def _is_array_tree(x):
    for leaf in _jax.tree_util.tree_leaves(x):
        if not hasattr(leaf, 'shape'):
            return False
    return True


def _like(g, p):
    """Gradient leaves take their primal leaf's sharding."""
    def leaf(gl, pl):
        s = _ps.get(pl) if hasattr(pl, 'shape') else None
        if s is None or not hasattr(gl, 'shape') or tuple(gl.shape) != tuple(pl.shape):
            return gl
        return _ps.attach(gl, s)
    try:
        return _jax.tree_util.tree_map(leaf, g, p)
    except Exception:
        return g


def _grads_like_primals(kind, out, args, argnums, has_aux):
    nums = tuple(argnums) if isinstance(argnums, (tuple, list)) else argnums
    if isinstance(nums, tuple):
        primals = tuple([args[i] for i in nums])
    else:
        primals = args[nums]
    if kind == 'grad':
        if has_aux:
            return (_like(out[0], primals), out[1])
        return _like(out, primals)
    value, grads = out
    return (value, _like(grads, primals))
