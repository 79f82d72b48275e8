# jax.experimental.mesh_utils: device grids for Mesh. parax's host devices
# have no physical topology, so the grid is the devices in id order; it is a
# nested list (parax's numpy holds no Device objects), which Mesh accepts.
import jax as _jax


def _grid(devices, shape):
    if len(shape) == 1:
        return list(devices)
    step = len(devices) // shape[0]
    return [_grid(devices[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def create_device_mesh(mesh_shape, devices=None, *, contiguous_submeshes=False,
                       allow_split_physical_axes=False):
    mesh_shape = tuple(mesh_shape)
    if devices is None:
        devices = _jax.devices()
    devices = list(devices)
    n = 1
    for s in mesh_shape:
        n *= s
    if n != len(devices):
        raise ValueError('Number of devices ' + str(len(devices)) + ' must equal the product '
                         'of mesh_shape ' + repr(mesh_shape))
    return _grid(devices, mesh_shape)


def create_hybrid_device_mesh(mesh_shape, dcn_mesh_shape, devices=None, **kwargs):
    shape = tuple([a * b for a, b in zip(mesh_shape, dcn_mesh_shape)])
    return create_device_mesh(shape, devices)
