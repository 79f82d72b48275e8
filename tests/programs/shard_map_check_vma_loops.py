# covers: shard_map check_vma on loop carries and cond branches as JAX 0.10: a carry that starts invariant and comes out varying (scan, fori_loop, while_loop) is JAX's TypeError naming the pcast fix, cond branches whose outputs vary differently likewise; zeros_like keeps its operand's vma; the pcast fix works
import numpy as np, jax, jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P
mesh = jax.make_mesh((4,), ('x',))
def run(name, body, x, out_specs=P('x')):
    try:
        f = jax.shard_map(body, mesh=mesh, in_specs=P('x'), out_specs=out_specs)
        r = f(x)
        print(name, 'ok', jax.typeof(r), np.asarray(r).ravel()[:8])
    except Exception as e:
        lines = [l for l in str(e).split('\n') if ' is <lambda> at ' not in l]
        print(name, type(e).__name__, '\n'.join(lines))
from jax.sharding import NamedSharding
x = jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P('x')))
# scan carry starting invariant, becoming varying
def b1(v):
    def step(c, t):
        return c + t, c
    c, ys = lax.scan(step, 0.0, v)
    return ys
run('scan_carry_inv_to_var', b1, x)
def b2(v):
    def step(c, t):
        return c + v.sum(), c
    c, ys = lax.scan(step, jnp.zeros(()), jnp.arange(3.0))
    return jnp.broadcast_to(c, (2,))
run('scan_carry_var2', b2, x)
def b3(v):
    return lax.cond(v[0] > 2, lambda a: a * 2, lambda a: jnp.zeros_like(a) + 1.0, v)
run('cond_var_inv', b3, x)
def b4(v):
    return lax.cond(True, lambda: v * 2, lambda: jnp.ones(2))
run('cond_branch_inv', b4, x)
def b5(v):
    def body(i, c):
        return c + v
    return lax.fori_loop(0, 3, body, jnp.zeros(2))
run('fori_carry', b5, x)
def b6(v):
    def body(c):
        return c + v.sum()
    return jnp.broadcast_to(lax.while_loop(lambda c: c < 100, body, 0.0), (2,))
run('while_carry', b6, x)
def b7(v):
    def step(c, t):
        return c + t, c
    c, ys = lax.scan(step, lax.pcast(0.0, ('x',), to='varying'), v)
    return ys
run('scan_pcast_fixed', b7, x)
def b8(v):
    return lax.cond(True, lambda: v * 2, lambda: lax.pcast(jnp.ones(2), ('x',), to='varying'))
run('cond_pcast_fixed', b8, x)
