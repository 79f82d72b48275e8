# covers: vmap of lax.cond / lax.switch: unbatched predicate with batched operands (branches batched),
# batched predicate (all branches run, a select per lane), batched switch index (clamped), an output
# batched in only one branch, unbatched outputs, captured batched values, pytree operands, in_axes/out_axes
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(12.0).reshape(4, 3) - 4.0

# unbatched predicate, batched operand
f = lambda v, p: lax.cond(p, lambda u: u * 2.0, lambda u: u - 1.0, v)
print(jax.vmap(f, in_axes=(0, None))(x, True))
print(jax.vmap(f, in_axes=(0, None))(x, False))
# batched predicate
g = lambda v: lax.cond(v.sum() > 0.0, lambda u: jnp.sqrt(u * u + 1.0), lambda u: -u, v)
print(jax.vmap(g)(x))
# batched predicate, integer and bool outputs, pytrees
def h(v):
    return lax.cond(v[0] > -2.0,
                    lambda u: {"s": u.sum(), "n": jnp.int32(1), "b": u[1] > 0},
                    lambda u: {"s": u.max(), "n": jnp.int32(7), "b": u[2] < 0}, v)
out = jax.vmap(h)(x)
print(out["s"], out["n"], out["b"])
# an output batched in one branch only, the other branch a constant
k = lambda v, p: lax.cond(p, lambda u: u[0] * 3.0, lambda u: 5.0, v)
print(jax.vmap(k, in_axes=(0, None))(x, True), jax.vmap(k, in_axes=(0, None))(x, False))
# an output that stays unbatched (only the predicate's operand is batched)
w = jnp.array([1.0, 2.0, 3.0])
m = lambda v: lax.cond(True, lambda u: (u + w, w * 2.0), lambda u: (u - w, w), v)
a, b = jax.vmap(m, out_axes=(0, None))(x)
print(a, b)
# switch with a batched index (out-of-range indices clamp)
branches = [lambda u: u + 100.0, lambda u: u * u, lambda u: -u]
sw = lambda i, v: lax.switch(i, branches, v)
print(jax.vmap(sw)(jnp.array([0, 1, 2, 7]), x))
print(jax.vmap(sw)(jnp.array([-3, 2, 1, 0]), x))
print(jax.vmap(sw, in_axes=(None, 0))(1, x))
print(jax.vmap(sw, in_axes=(0, None))(jnp.array([2, 0, 1]), w))
# captured batched value inside the branch
def cap(v, s):
    return lax.cond(s > 0.5, lambda: v * s, lambda: v + s)
print(jax.vmap(cap)(x, jnp.array([0.0, 1.0, 2.0, 0.25])))
print(jax.vmap(cap, in_axes=(1, None), out_axes=1)(x, 2.0))
# jit of vmap of cond, vmap of a cond inside jit
print(jax.jit(jax.vmap(g))(x))
print(jax.vmap(jax.jit(g))(x + 3.0))
