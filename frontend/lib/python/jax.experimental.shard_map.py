# jax.shard_map on pmap, the one per-device mechanism parax has: the
# arguments are cut into their per-device blocks and stacked along a new
# leading axis of size mesh.size (device order = the mesh's row-major
# order), the body runs under jax.pmap over a fresh axis name, and the
# stacked outputs are put back together as out_specs say. Collectives in
# the body name mesh axes; lax routes those here (_route): over all the
# mesh's axes they are the pmap axis's own collective, over some of them
# they act within each group of devices that differ only along those axes
# (the communicator's device groups for psum/pmax/pmin/all_gather, one
# permutation of the pmap axis for ppermute: only the group's data moves).
import _parax_sharding as _ps
import jax as _jax
import jax.lax as _lax
import jax.numpy as _jnp
from jax.sharding import (Mesh, NamedSharding, PartitionSpec, _current_mesh, _named)

# The shard_map bodies being traced, innermost last: (mesh, pmap axis name).
_bindings = []


def _device_is_local(dev_id):
    for d in _jax.local_devices():
        if d.id == dev_id:
            return True
    return False


def _prod(xs):
    n = 1
    for x in xs:
        n *= x
    return n


def _axes_tuple(axis_name):
    if isinstance(axis_name, (tuple, list)):
        return tuple(axis_name)
    return (axis_name,)


def _find_binding(axes):
    for b in reversed(_bindings):
        names = b[0].axis_names
        ok = True
        for a in axes:
            if a not in names:
                ok = False
        if ok:
            return b
    return None


# ---------------------------------------------------------------------------
# Cutting arguments into blocks and putting outputs back together.

def _spec_parts(spec, ndim, mesh, what):
    if spec is None:
        spec = PartitionSpec()
    if not isinstance(spec, PartitionSpec):
        raise TypeError('shard_map ' + what + ' must be PartitionSpecs, got ' + repr(spec))
    if len(spec) > ndim:
        raise ValueError('shard_map ' + what + ' ' + repr(spec) + ' has ' + str(len(spec)) +
                         ' entries, but the value has rank ' + str(ndim))
    parts = spec._normalized(ndim)
    for p in parts:
        for name in p:
            if name not in mesh.axis_names:
                raise ValueError('shard_map ' + what + ' ' + repr(spec) + ' refers to axis ' +
                                 repr(name) + ', which is not in the mesh ' +
                                 repr(mesh.axis_names))
    return parts


def _check_in_spec(x, spec, mesh):
    """On Explicit mesh axes the argument must already be split as in_specs
    says (JAX reshards nothing silently)."""
    explicit = mesh.explicit_axes
    if not explicit:
        return
    t = _jax.typeof(x)
    parts = _spec_parts(spec, t.ndim, mesh, 'in_specs')
    want = tuple([tuple([a for a in p if a in explicit]) for p in parts])
    have_s = _ps.get(x)
    if have_s is not None and have_s.mesh.axis_names == mesh.axis_names:
        have = tuple([tuple([a for a in p if a in explicit])
                      for p in have_s.spec._normalized(t.ndim)])
    else:
        have = ((),) * t.ndim
    if want != have:
        have_spec = _named(mesh, have).spec if t.ndim else PartitionSpec()
        raise ValueError('in_specs passed to shard_map: ' + repr(spec) + ' does not match the '
                         'specs of the input: ' + repr(PartitionSpec(*have_spec)) +
                         ' for arg: ' + str(t) + '. `in_specs` is an optional argument so you '
                         'can omit specifying it and shard_map will infer the in_specs from the '
                         'arguments. If you want to reshard your inputs, you can use '
                         '`jax.reshard` on the arguments and then pass those args to shard_map.')


def _stack(x, spec, mesh):
    """x as (mesh.size, *block): row d is the block of the device at mesh
    position d."""
    x = _ps.unshard(_jnp.asarray(x))
    parts = _spec_parts(spec, x.ndim, mesh, 'in_specs')
    sizes = mesh.axis_sizes
    split_shape = []
    pos = {}
    block_dims = []
    block = []
    for d, p in enumerate(parts):
        n = _prod([mesh._axis_size(a) for a in p])
        if x.shape[d] % n != 0:
            raise ValueError('shard_map in_specs ' + repr(spec) + ' splits dimension ' + str(d) +
                             ' of size ' + str(x.shape[d]) + ' into ' + str(n) +
                             ' blocks, which does not divide it')
        for a in p:
            pos[a] = len(split_shape)
            split_shape.append(mesh._axis_size(a))
        block_dims.append(len(split_shape))
        split_shape.append(x.shape[d] // n)
        block.append(x.shape[d] // n)
    for a in mesh.axis_names:
        if a not in pos:
            pos[a] = len(split_shape)
            split_shape.append(1)
    y = _jnp.reshape(x, tuple(split_shape))
    y = _jnp.transpose(y, tuple([pos[a] for a in mesh.axis_names] + block_dims))
    y = _jnp.broadcast_to(y, tuple(sizes) + tuple(block))
    return _jnp.reshape(y, (mesh.size,) + tuple(block))


def _unstack(y, spec, mesh):
    """The global value of stacked per-device blocks y (mesh.size, *block)."""
    block = tuple(y.shape[1:])
    parts = _spec_parts(spec, len(block), mesh, 'out_specs')
    k = len(mesh.axis_names)
    y = _jnp.reshape(y, tuple(mesh.axis_sizes) + block)
    used = []
    for p in parts:
        used.extend(p)
    # Mesh axes the output does not vary over: take the first copy.
    index = []
    kept = []
    for i, a in enumerate(mesh.axis_names):
        if a in used:
            index.append(slice(None, None, None))
            kept.append(a)
        else:
            index.append(0)
    y = y[tuple(index)]
    perm = []
    shape = []
    for d, p in enumerate(parts):
        for a in p:
            perm.append(kept.index(a))
        perm.append(len(kept) + d)
        shape.append(block[d] * _prod([mesh._axis_size(a) for a in p]))
    y = _jnp.transpose(y, tuple(perm))
    return _jnp.reshape(y, tuple(shape))


def _spec_axes(spec, mesh):
    """The mesh axes a spec splits over, in mesh order."""
    if spec is None:
        return ()
    used = []
    for p in spec._normalized(0):
        used.extend(p)
    return tuple([a for a in mesh.axis_names if a in used])


def _set_vma_tree(x, fn):
    return _jax.tree_util.tree_map(
        lambda leaf: _ps.set_vma(leaf, fn(_ps.get_vma(leaf))) if hasattr(leaf, 'shape') else leaf,
        x)


def _prefix_specs(specs, tree, what):
    """One spec per leaf of `tree`, `specs` being a tree prefix of it."""
    if isinstance(specs, PartitionSpec) or specs is None:
        leaves = _jax.tree_util.tree_leaves(tree)
        return [specs] * len(leaves)
    if isinstance(specs, (tuple, list)):
        if not isinstance(tree, (tuple, list)) or len(tree) != len(specs):
            raise ValueError('shard_map ' + what + ' must be a tree prefix of the '
                             'corresponding value: got ' + what + ' ' + repr(specs) +
                             ' for a value with ' +
                             (str(len(tree)) + ' entries' if isinstance(tree, (tuple, list))
                              else 'no entries'))
        out = []
        for s, t in zip(specs, tree):
            out.extend(_prefix_specs(s, t, what))
        return out
    if isinstance(specs, dict):
        out = []
        for key in sorted(tree):  # pytree order: sorted keys
            out.extend(_prefix_specs(specs[key], tree[key], what))
        return out
    raise TypeError('shard_map ' + what + ' must be PartitionSpecs (or a tree of them), got ' +
                    repr(specs))


class _ShardMapped:
    def __init__(self, f, mesh, in_specs, out_specs, check_vma):
        self._f = f
        self._mesh = mesh
        self._in_specs = in_specs
        self._out_specs = out_specs
        self._check_vma = check_vma
        self._pmapped = {}
        self._prints = {}
        self._eager = False
        self._key = None
        self.__name__ = getattr(f, '__name__', 'shard_map')
        self.__wrapped__ = f

    def _body(self, mesh, axis):
        f = self._f
        sm = self

        def body(*blocks):
            _bindings.append((mesh, axis))
            _ps.enter_body(mesh.axis_names, bool(sm._check_vma))
            capture = sm._eager
            if capture:
                _ps.begin_print_capture()
            try:
                # Each block varies over the mesh axes its in_spec splits.
                leaves, tree = _jax.tree_util.tree_flatten(blocks)
                leaves = [_ps.set_vma(b, _spec_axes(s, mesh)) if hasattr(b, 'shape') else b
                          for b, s in zip(leaves, sm._cur_in_specs)]
                out = f(*_jax.tree_util.tree_unflatten(tree, leaves))
                if sm._check_vma:
                    sm._check_out_vma(out, mesh)
                if capture:
                    # Prints of the eager body come back as extra outputs: the
                    # traced values they show, stacked per device.
                    prints = _ps.end_print_capture()
                    capture = False
                    extras = []
                    specs = []
                    for args, kwargs in prints:
                        shown = []
                        for a in args:
                            if _ps.is_tracer(a):
                                shown.append(('value', len(extras)))
                                extras.append(a)
                            else:
                                shown.append(('text', a))
                        specs.append((shown, kwargs))
                    sm._prints[sm._key] = specs
                    return (out, tuple(extras))
                return out
            finally:
                if capture:
                    _ps.end_print_capture()
                _ps.exit_body()
                _bindings.pop()
        body.__name__ = getattr(f, '__name__', 'shard_map')
        return body

    def _replay_prints(self, mesh, extras):
        """The eager body's prints, each traced value shown per device as
        JAX's eager shard_map shows it."""
        all_devices = _jax.devices()
        names = '(' + ', '.join(mesh.axis_names) + ',)'
        for shown, kwargs in self._prints.get(self._key, []):
            args = []
            for kind, v in shown:
                if kind == 'text':
                    args.append(v)
                    continue
                stacked = extras[v]
                parts = []
                for pos in range(mesh.size):
                    dev = all_devices[mesh.device_ids[pos]]
                    parts.append('On ' + str(dev) + ' at mesh coordinates ' + names + ' = ' +
                                 repr(tuple(mesh._coords(pos))) + ':\n' + str(stacked[pos]) + '\n')
                args.append('\n'.join(parts))
            print(*args, **kwargs)

    def _check_out_vma(self, out, mesh):
        """An output varying over a mesh axis that its out_spec does not
        split would need replication that cannot be inferred."""
        out_specs = self._out_specs
        if isinstance(out_specs, list):
            out_specs = tuple(out_specs)
        specs = _prefix_specs(out_specs, out, 'out_specs')
        for leaf, spec in zip(_jax.tree_util.tree_leaves(out), specs):
            used = _spec_axes(spec, mesh)
            missing = [a for a in _ps.get_vma(leaf) if a not in used]
            if missing:
                names = ', '.join(["'" + a + "'" for a in missing])
                raise ValueError(
                    'shard_map applied to the function ' + repr(self.__name__) + ' was given '
                    'out_specs which require replication which can\'t be statically inferred '
                    'given the mesh:\n\nThe mesh given has shape ' + repr(mesh.axis_sizes) +
                    ' with corresponding axis names ' + repr(mesh.axis_names) + '.\n\n'
                    'out_specs is ' + repr(spec) + ' which implies that the corresponding '
                    'output value is replicated across mesh axis ' + names + ', but could not '
                    'infer replication over any axes\n\nCheck if these output values are meant '
                    'to be replicated over those mesh axes. If not, consider revising the '
                    'corresponding out_specs entries. If so, consider disabling the check by '
                    'passing the check_vma=False argument to `jax.shard_map`.')

    def __call__(self, *args):
        mesh = self._mesh if self._mesh is not None else _current_mesh[0]
        if mesh is None:
            raise ValueError('shard_map requires a mesh: pass mesh= or set one with '
                             'jax.set_mesh')
        in_specs = self._in_specs
        if in_specs is None:
            in_specs = tuple([_jax.typeof(a).sharding.spec if hasattr(a, 'shape') else
                              PartitionSpec() for a in args])
        specs = _prefix_specs(in_specs if not isinstance(in_specs, list) else tuple(in_specs),
                              args, 'in_specs')
        leaves, tree = _jax.tree_util.tree_flatten(args)
        if _jax.process_count() > 1 and any([not _device_is_local(i) for i in mesh.device_ids]):
            raise NotImplementedError(
                'shard_map over a mesh with other processes\' devices is not supported by '
                'parax yet (it runs shard_map on this process\'s devices): use jax.pmap '
                'across processes (each process passes its local shard), or a mesh of '
                'jax.local_devices()')
        for x, s in zip(leaves, specs):
            _check_in_spec(x, s, mesh)
        stacked = [_stack(x, s, mesh) for x, s in zip(leaves, specs)]
        self._cur_in_specs = specs
        self._eager = not _ps.in_trace()
        key = (hash(mesh), self._eager)
        self._key = key
        if key not in self._pmapped:
            # A 1-D mesh's axis is the pmap axis itself (its collectives are
            # pmap's, and messages name it); a k-D mesh's pmap axis stands
            # for all its axes together.
            if len(mesh.axis_names) == 1:
                axis = mesh.axis_names[0]
            else:
                axis = repr(mesh.axis_names)
            self._pmapped[key] = (_jax.pmap(self._body(mesh, axis), axis_name=axis), axis)
        pm, axis = self._pmapped[key]
        outs = pm(*_jax.tree_util.tree_unflatten(tree, stacked))
        if self._eager:
            outs, extras = outs
            self._replay_prints(mesh, extras)
        out_leaves, out_tree = _jax.tree_util.tree_flatten(outs)
        out_specs = self._out_specs
        if isinstance(out_specs, list):
            out_specs = tuple(out_specs)
        ospecs = _prefix_specs(out_specs, outs, 'out_specs')
        results = []
        for y, s in zip(out_leaves, ospecs):
            g = _unstack(y, s, mesh)
            parts = _spec_parts(s, g.ndim, mesh, 'out_specs')
            results.append(_ps.attach(g, _named(mesh, parts)))
        return _jax.tree_util.tree_unflatten(out_tree, results)


def shard_map(f=None, mesh=None, in_specs=None, out_specs=None, check_rep=None, *,
              check_vma=True, axis_names=None, auto=None):
    if f is None:
        return lambda g: shard_map(g, mesh, in_specs, out_specs, check_rep,
                                   check_vma=check_vma, axis_names=axis_names)
    if out_specs is None:
        raise TypeError("shard_map() missing required keyword argument: 'out_specs'")
    if mesh is not None and not isinstance(mesh, Mesh):
        raise TypeError('shard_map requires a Mesh for mesh=, got ' + repr(mesh))
    return _ShardMapped(f, mesh, in_specs, out_specs,
                        check_vma if check_rep is None else check_rep)


# ---------------------------------------------------------------------------
# Collectives over mesh axes.

def _coord(mesh, axis, i):
    """The traced mesh coordinate along mesh axis i of the running device."""
    d = _lax.axis_index(axis)
    stride = _prod(mesh.axis_sizes[i + 1:])
    return (d // stride) % mesh.axis_sizes[i]


def _group_index(mesh, axis, axes):
    """The device's index within its group along `axes` (row-major over
    `axes` in the order given, as JAX's axis_index of a tuple)."""
    if tuple(axes) == mesh.axis_names:
        return _lax.axis_index(axis)
    g = None
    for a in axes:
        i = mesh.axis_names.index(a)
        c = _coord(mesh, axis, i)
        g = c if g is None else g * mesh.axis_sizes[i] + c
    return g


def _groups(mesh, axes):
    """The device groups of a collective over `axes`: for each setting of
    the other axes (mesh order), its devices in group order (row-major over
    `axes` as given); concatenated."""
    names, sizes = mesh.axis_names, mesh.axis_sizes
    others = [i for i, a in enumerate(names) if a not in axes]
    mine = [names.index(a) for a in axes]
    strides = [_prod(sizes[i + 1:]) for i in range(len(names))]
    out = []
    for o in range(_prod([sizes[i] for i in others])):
        base = 0
        rest = o
        for i in reversed(others):
            base += (rest % sizes[i]) * strides[i]
            rest //= sizes[i]
        for g in range(_prod([sizes[i] for i in mine])):
            d = base
            rest = g
            for i in reversed(mine):
                d += (rest % sizes[i]) * strides[i]
                rest //= sizes[i]
            out.append(d)
    return out


def _reduce(kind, x, mesh, axis, axes):
    m = _prod([mesh._axis_size(a) for a in axes])
    if set(axes) == set(mesh.axis_names):
        if kind == 'psum':
            return _lax.psum(x, axis)
        if kind == 'pmax':
            return _lax.pmax(x, axis)
        if kind == 'pmin':
            return _lax.pmin(x, axis)
        return _lax.pmean(x, axis)

    def leaf(v):
        if not hasattr(v, 'shape'):
            if kind == 'psum':
                return v * m
            if kind == 'pmean' or kind == 'pmax' or kind == 'pmin':
                return v
        v = _jnp.asarray(v)
        if v.dtype == _jnp.bool_ and kind in ('psum', 'pmean'):
            v = v.astype(_jnp.int32)
        groups = _groups(mesh, axes)
        if kind == 'pmean':
            return _ps.group_reduce('psum', v, axis, groups, m) / m
        return _ps.group_reduce(kind, v, axis, groups, m)
    return _jax.tree_util.tree_map(leaf, x)


def _all_gather(x, mesh, axis, axes, gather_axis=0, tiled=False):
    if tuple(axes) == mesh.axis_names:
        return _lax.all_gather(x, axis, axis=gather_axis, tiled=tiled)
    groups = _groups(mesh, axes)
    m = _prod([mesh._axis_size(a) for a in axes])

    def leaf(v):
        # The communicator's device groups: only the group's blocks move.
        v = _jnp.asarray(v)
        if tiled and v.ndim == 0:
            raise ValueError('all_gather with tiled=True needs an operand of rank >= 1')
        ax = gather_axis % (v.ndim + (0 if tiled else 1))
        return _ps.group_gather(v, axis, groups, m, ax, tiled)
    return _jax.tree_util.tree_map(leaf, x)


def _ppermute(x, mesh, axis, axes, perm):
    if tuple(axes) == mesh.axis_names:
        return _lax.ppermute(x, axis, perm)
    m = _prod([mesh._axis_size(a) for a in axes])
    seen_src = set()
    seen_dst = set()
    for pair in perm:
        s, d = pair
        if not (0 <= s < m and 0 <= d < m):
            raise ValueError('ppermute pair ' + repr(tuple(pair)) + ' is out of range for axis ' +
                             repr(axes if len(axes) > 1 else axes[0]) + ' of size ' + str(m))
        if s in seen_src or d in seen_dst:
            raise ValueError('ppermute sources and destinations must be unique, got ' +
                             repr(perm))
        seen_src.add(s)
        seen_dst.add(d)
    # The same pairs within every group, as one permutation of the devices
    # of the pmap axis: each block goes straight to its destination.
    groups = _groups(mesh, axes)
    pairs = []
    for g in range(len(groups) // m):
        members = groups[g * m:(g + 1) * m]
        for s, d in perm:
            pairs.append((members[s], members[d]))
    return _jax.tree_util.tree_map(lambda v: _lax.ppermute(_jnp.asarray(v), axis, pairs), x)


_POSITIONAL = {
    'psum': ('x', 'axis_name', 'axis_index_groups'),
    'pmean': ('x', 'axis_name', 'axis_index_groups'),
    'pmax': ('x', 'axis_name', 'axis_index_groups'),
    'pmin': ('x', 'axis_name', 'axis_index_groups'),
    'all_gather': ('x', 'axis_name', 'axis_index_groups', 'axis', 'tiled'),
    'ppermute': ('x', 'axis_name', 'perm'),
    'axis_index': ('axis_name',),
    'axis_size': ('axis_name',),
}


def _route(name, *args, **kwargs):
    """(True, result) when the collective names mesh axes of a shard_map body
    being traced; (False, None) sends it on to the pmap collective."""
    params = dict(zip(_POSITIONAL[name], args))
    params.update(kwargs)
    if 'axis_name' not in params:
        return (False, None)
    axes = _axes_tuple(params['axis_name'])
    b = _find_binding(axes)
    if b is None:
        return (False, None)
    mesh, axis = b
    if len(mesh.axis_names) == 1 and axes == mesh.axis_names:
        return (False, None)  # the pmap axis's own collective
    if params.get('axis_index_groups') is not None:
        raise NotImplementedError('lax.' + name + '(..., axis_index_groups=) is not implemented '
                                  'in parax')
    ordered = tuple([a for a in mesh.axis_names if a in axes])
    if name == 'axis_size':
        return (True, _prod([mesh._axis_size(a) for a in axes]))
    if name == 'axis_index':
        return (True, _ps.set_vma(_group_index(mesh, axis, axes), ordered))
    x = params['x']

    def keep(leaf):
        return _ps.get_vma(leaf) if hasattr(leaf, 'shape') else ()
    leaves = _jax.tree_util.tree_leaves(x)
    if name in ('psum', 'pmean', 'pmax', 'pmin'):
        r = _reduce(name, x, mesh, axis, axes)
        before = [keep(l) for l in leaves]
        out_leaves, tree = _jax.tree_util.tree_flatten(r)
        out_leaves = [_ps.set_vma(o, tuple([a for a in b if a not in axes]))
                      if hasattr(o, 'shape') else o for o, b in zip(out_leaves, before)]
        return (True, _jax.tree_util.tree_unflatten(tree, out_leaves))
    before = [keep(l) for l in leaves]
    if name == 'all_gather':
        r = _all_gather(x, mesh, axis, axes, params.get('axis', 0), params.get('tiled', False))
    elif name == 'ppermute':
        # JAX numbers a ppermute's devices over its axes in mesh order.
        r = _ppermute(x, mesh, axis, ordered, params['perm'])
    else:
        return (False, None)
    out_leaves, tree = _jax.tree_util.tree_flatten(r)
    out_leaves = [_ps.set_vma(o, b) if hasattr(o, 'shape') else o
                  for o, b in zip(out_leaves, before)]
    return (True, _jax.tree_util.tree_unflatten(tree, out_leaves))


def pcast(x, axis_name, *, to):
    """Marks x as varying over (to='varying') or invariant across the mesh
    axes; the values do not change."""
    axes = _axes_tuple(axis_name)

    def leaf(v):
        if not hasattr(v, 'shape'):
            v = _jnp.asarray(v)
        have = _ps.get_vma(v)
        if to == 'varying':
            b = _find_binding(axes)
            order = b[0].axis_names if b is not None else axes
            return _ps.set_vma(v, tuple([a for a in order if a in have or a in axes]))
        return _ps.set_vma(v, tuple([a for a in have if a not in axes]))
    return _jax.tree_util.tree_map(leaf, x)


def pvary(x, axis_name):
    return pcast(x, axis_name, to='varying')
