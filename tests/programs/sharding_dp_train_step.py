# covers: a data-parallel training loop in Explicit mode: the batch split over 'data' with NamedSharding, replicated params, jit(value_and_grad) gives replicated grads and loss, params stay replicated across steps, the loss falls as in the unsharded run
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ('data',))
rng = np.random.RandomState(0)
X = rng.randn(64, 5).astype(np.float32)
true_w = np.array([1.5, -2.0, 0.5, 3.0, -1.0], np.float32)
Y = (X @ true_w + 0.25).astype(np.float32)
xb = jax.device_put(X, NamedSharding(mesh, P('data', None)))
yb = jax.device_put(Y, NamedSharding(mesh, P('data')))
params = jax.device_put({'w': np.zeros(5, np.float32), 'b': np.zeros((), np.float32)},
                        NamedSharding(mesh, P()))

def loss_fn(p, x, y):
    pred = x @ p['w'] + p['b']
    return jnp.mean((pred - y) ** 2)

@jax.jit
def step(p, x, y):
    loss, g = jax.value_and_grad(loss_fn)(p, x, y)
    return jax.tree_util.tree_map(lambda a, b: a - 0.1 * b, p, g), loss, g

for i in range(30):
    params, loss, grads = step(params, xb, yb)
    if i % 10 == 0:
        print(i, round(float(loss), 4), jax.typeof(loss), jax.typeof(grads['w']))
print(jax.typeof(params['w']), jax.typeof(params['b']))
print(np.round(np.asarray(params['w']), 3), round(float(params['b']), 3))
pred = jax.jit(lambda p, x: x @ p['w'] + p['b'])(params, xb)
print(jax.typeof(pred), round(float(loss_fn(params, xb, yb)), 4))
