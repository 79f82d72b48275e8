# covers: vmap composed with other transformations through control flow: vmap of vmap over scans,
# while loops and conds (in_axes/out_axes variants at both levels), vmap of grad through a scan
# (per-example gradients of an RNN), grad of vmap through a scan and a batched-predicate cond,
# vmap of jvp through a fori_loop, vmap of grad through a cond, jit of all of it
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(24.0).reshape(2, 3, 4) / 4.0

# vmap of vmap over a scan (inner in_axes=1, outer out_axes=1)
def csum(v):
    return lax.scan(lambda c, e: (c + e, c * e), 0.0, v)
c, ys = jax.vmap(jax.vmap(csum, in_axes=1), out_axes=1)(x)
print(c)
print(ys.shape, ys[:, 0])
# vmap of vmap over a while loop with a batched predicate at both levels
def count(v, t):
    return lax.while_loop(lambda c: c[1] < t, lambda c: (c[0] + 1, c[1] + v), (0, 0.0))[0]
print(jax.vmap(jax.vmap(count, in_axes=(0, None)), in_axes=(0, 0))(x[..., 0] + 0.5, jnp.array([3.0, 10.0])))
# vmap of vmap over a cond whose predicate is batched only by the outer vmap
def sel(v, p):
    return lax.cond(p > 0, lambda u: u.sum(), lambda u: u.max(), v)
print(jax.vmap(jax.vmap(sel, in_axes=(0, None)), in_axes=(0, 0))(x, jnp.array([1, -1])))

# per-example gradients through a scan RNN: vmap of grad
W = jnp.array([[0.5, -0.25], [0.125, 0.75]])
def rnn_loss(w, seq):
    h, _ = lax.scan(lambda h, e: (jnp.tanh(w @ h + e), None), jnp.zeros(2), seq)
    return jnp.sum(h * h)
seqs = jnp.arange(24.0).reshape(4, 3, 2) / 24.0
g = jax.vmap(jax.grad(rnn_loss), in_axes=(None, 0))(W, seqs)
print(g.shape)
print(g)
# grad of vmap through the same scan
print(jax.grad(lambda w: jnp.mean(jax.vmap(rnn_loss, in_axes=(None, 0))(w, seqs)))(W))
# grad of vmap through a cond with a batched predicate (no NaN from the branch not taken)
def safe(v):
    return lax.cond(v > 0.0, lambda u: jnp.sqrt(u), lambda u: u * 0.0, v)
print(jax.grad(lambda v: jnp.sum(jax.vmap(safe)(v)))(jnp.array([4.0, -1.0, 0.25, -9.0])))
# vmap of grad through a cond with an unbatched predicate, and through a switch with a batched index
def piece(w, i):
    return lax.switch(i, [lambda a: a * a, lambda a: jnp.sin(a), lambda a: a ** 3], w)
print(jax.vmap(jax.grad(piece))(jnp.array([1.0, 2.0, 3.0, 0.5]), jnp.array([0, 1, 2, 1])))
print(jax.vmap(jax.grad(piece), in_axes=(0, None))(jnp.array([1.0, 2.0]), 2))
# vmap of jvp through a fori_loop with batched bounds
pw = lambda a, n: lax.fori_loop(0, n, lambda i, c: c * a, 1.0)
print(jax.vmap(lambda a, n: jax.jvp(lambda b: pw(b, n), (a,), (1.0,)))(jnp.array([2.0, 3.0, 0.5]), jnp.array([3, 0, 2])))
# vmap of grad through a while loop is JAX's error (reverse-mode of while); forward mode works
print(jax.vmap(jax.jacfwd(lambda a: lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * a), (0, 1.0))[1]))(jnp.array([1.0, 2.0])))
# jit of vmap of grad of a scan
print(jax.jit(jax.vmap(jax.grad(rnn_loss), in_axes=(None, 0)))(W, seqs)[0])
