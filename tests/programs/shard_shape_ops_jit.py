# covers: Explicit-mode sharding through shape ops under jit and eagerly: transpose permutes the spec, reshape keeping/merging/splitting the sharded major dim, broadcast (adding a leading dim), expand_dims, concatenate along and across the sharded dim, astype
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('a', 'b'))
jax.set_mesh(mesh)
x = jax.device_put(np.arange(96, dtype=np.float32).reshape(4, 6, 4), P('a', None, 'b'))

@jax.jit
def f(v):
    outs = [jnp.transpose(v, (2, 0, 1)), v.reshape(4, 6, 2, 2), v.reshape(2, 2, 6, 4), jnp.broadcast_to(v, (3, 4, 6, 4)),
            jnp.expand_dims(v, 1), jnp.concatenate([v, v], axis=0), jnp.concatenate([v, v], axis=1),
            v.astype(jnp.int32), v[None]]
    for o in outs:
        print(jax.typeof(o))
    return outs

outs = f(x)
print([str(jax.typeof(o)) for o in outs])
print(np.asarray(outs[1])[3, 2], outs[6].sum(), outs[7].dtype)
print(jax.typeof(x.reshape(2, 2, 6, 4)), jax.typeof(jnp.swapaxes(x, 0, 2)))
