# covers: generators feeding a jax training loop (infinite data_stream with next), generators and generator expressions consumed inside jit-traced functions (they run at trace time), itertools.count step counter, zip over a stream, lax loops with Python-side streams
import itertools
import jax
import jax.numpy as jnp
from jax import lax

train_x = jnp.arange(24.0).reshape(12, 2) / 10.0
train_y = train_x @ jnp.array([1.5, -0.5]) + 0.25
batch_size = 4
num_batches = train_x.shape[0] // batch_size


def data_stream():
    epoch = 0
    while True:
        order = jnp.roll(jnp.arange(train_x.shape[0]), epoch)
        for i in range(num_batches):
            idx = order[i * batch_size:(i + 1) * batch_size]
            yield train_x[idx], train_y[idx]
        epoch += 1


batches = data_stream()
xb, yb = next(batches)
print(xb.shape, yb.shape, xb.dtype)
print(xb)


@jax.jit
def predict(w, b, x):
    return x @ w + b


@jax.jit
def sgd_step(w, b, x, y):
    err = predict(w, b, x) - y
    gw = 2.0 * x.T @ err / x.shape[0]
    gb = 2.0 * jnp.mean(err)
    return w - 0.1 * gw, b - 0.1 * gb


w, b = jnp.zeros(2), jnp.float32(0.0)
itercount = itertools.count()
for _ in range(3 * num_batches):
    step = next(itercount)
    x, y = next(batches)
    w, b = sgd_step(w, b, x, y)
print("steps", next(itercount))
print(w, b)
print(float(jnp.mean((predict(w, b, train_x) - train_y) ** 2)) < 1.0)


def layer_sizes():
    yield 2
    yield 3
    yield 1


@jax.jit
def poly(x):
    # The generator expression runs while tracing: a Python sum of traced terms.
    return sum(c * x ** k for k, c in enumerate([1.0, -2.0, 0.5]))


print(poly(jnp.array([0.0, 1.0, 2.0])))


@jax.jit
def chained(x):
    sizes = list(layer_sizes())
    for s in (s * 2 for s in sizes):
        x = x + s
    return x, len(sizes)


print(chained(jnp.float32(1.0)))


def scaled_steps(factor):
    k = 1
    while True:
        yield factor * k
        k += 1


@jax.jit
def with_stream(x):
    gen = scaled_steps(0.5)
    return jnp.stack([x * next(gen) for _ in range(3)])


print(with_stream(jnp.array([2.0, 4.0])))


def body(i, carry):
    return carry + i


print(lax.fori_loop(0, 5, body, 0.0))
for i, (xb, yb) in zip(range(2), data_stream()):
    print(i, xb[0], yb[0])
print(list(itertools.islice((float(v) for v in jnp.arange(5.0)), 2, 4)))
