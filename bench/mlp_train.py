# A single-device MLP training step (jit of grad + SGD update) at two
# widths: matmuls forward and backward, tanh and its derivative, a mean
# squared error.
import time
import jax
import jax.numpy as jnp

reps = 7


def init(sizes):
    return [(jnp.sin(jnp.arange(a * b, dtype=jnp.float32).reshape(a, b)) * 0.05, jnp.zeros(b))
            for a, b in zip(sizes[:-1], sizes[1:])]


def loss(ps, x, y):
    for w, b in ps[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = ps[-1]
    return jnp.mean((x @ w + b - y) ** 2)


@jax.jit
def step(ps, x, y):
    g = jax.grad(loss)(ps, x, y)
    return [(w - 0.01 * gw, b - 0.01 * gb) for (w, b), (gw, gb) in zip(ps, g)]


out = None
for batch, width in ((64, 256), (256, 1024)):
    ps = init([128, width, width, 10])
    x = jnp.cos(jnp.arange(batch * 128, dtype=jnp.float32)).reshape(batch, 128)
    y = jnp.sin(jnp.arange(batch * 10, dtype=jnp.float32)).reshape(batch, 10)
    jax.block_until_ready(step(ps, x, y))
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = jax.block_until_ready(step(ps, x, y))
        times.append(time.perf_counter() - t0)
    print(f"RESULT mlp_train_b{batch}_w{width}", sorted(times)[reps // 2] * 1000.0)
    # forward, and the two products per layer of the backward pass (the
    # first layer's input gradient is not needed)
    dims = [128, width, width, 10]
    mac = sum(batch * a * b for a, b in zip(dims[:-1], dims[1:]))
    print(f"WORK mlp_train_b{batch}_w{width} flops", 2 * (3 * mac - batch * 128 * width))
print("CHECK", out[0][0][3, 4], out[2][1][7])
