# Python try/except around trace-time code inside traced functions: a shape
# error or a tracer-to-bool error taking another path; tracing keeps working
# after errors were caught inside and outside jit, loops and disable_jit.
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def flexible(x):
    try:
        y = x.reshape(2, 3)
    except (TypeError, ValueError):
        y = jnp.stack([x, x])
    return y.sum(axis=0)


print(flexible(jnp.arange(6.0)))
print(flexible(jnp.arange(3.0)))


@jax.jit
def relu(x):
    try:
        if x > 0:
            return x
        return jnp.zeros_like(x)
    except jax.errors.TracerBoolConversionError:
        return jnp.where(x > 0, x, 0.0)


print(relu(jnp.float32(3.0)), relu(jnp.float32(-3.0)))


@jax.jit
def python_if(x):
    if x > 0:
        return x
    return -x


for attempt in range(2):
    try:
        python_if(jnp.float32(1.0))
    except jax.errors.ConcretizationTypeError as e:
        print("attempt", attempt, type(e).__name__)

with jax.disable_jit():
    print("eager", python_if(jnp.float32(-2.0)))

try:
    with jax.disable_jit():
        python_if(jnp.float32(1.0))
        raise RuntimeError("leaving disable_jit by an error")
except RuntimeError as e:
    print(e)
try:
    python_if(jnp.float32(1.0))
except TypeError:
    print("jit is active again")


def body(i, acc):
    try:
        extra = jnp.ones(3) + jnp.ones(4)
    except (TypeError, ValueError):
        extra = 1.0
    return acc + i * extra


print(lax.fori_loop(0, 4, body, jnp.float32(0.0)))


def bad_body(i, acc):
    return acc + jnp.ones(2)


try:
    lax.fori_loop(0, 3, bad_body, jnp.zeros(3))
except (TypeError, ValueError) as e:
    print("loop body failed:", type(e).__name__)
print(lax.fori_loop(0, 3, lambda i, a: a + i, jnp.float32(0.0)))


@jax.jit
def outer(x):
    try:
        return jnp.arange(x.sum())
    except jax.errors.ConcretizationTypeError:
        return x * 10


print(outer(jnp.ones(3)))
print(jax.jit(lambda x: x + 1)(jnp.arange(3)))
