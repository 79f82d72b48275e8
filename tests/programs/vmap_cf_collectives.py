# covers: collectives over the vmapped axis_name inside control-flow bodies (now that the bodies are
# batched): psum/pmean/pmax/pmin/all_gather/axis_index inside scan, fori_loop, while_loop and cond
# (unbatched and batched predicates), normalisation across lanes each iteration, psum of an unbatched
# value inside a loop (times the axis size), nested vmap with two axis names inside a scan
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([1.0, 2.0, 3.0, 6.0])
# scan: each step subtracts the mean over lanes
def centre(v):
    return lax.scan(lambda c, _: (c - lax.pmean(c, 'i') + 1.0, lax.psum(c, 'i')), v, None, length=3)
print(jax.vmap(centre, axis_name='i')(x))
# fori_loop: normalise by the sum over lanes, then add the lane index
def norm(v):
    return lax.fori_loop(0, 2, lambda k, c: c / lax.psum(c, 'i') + lax.axis_index('i') * k, v)
print(jax.vmap(norm, axis_name='i')(x))
# while with an unbatched predicate (the loop counter), pmax/pmin inside
def spread(v):
    def body(c):
        k, y = c
        return k + 1, (y - lax.pmin(y, 'i')) / (lax.pmax(y, 'i') - lax.pmin(y, 'i')) + k
    return lax.while_loop(lambda c: c[0] < 2, body, (0, v))[1]
print(jax.vmap(spread, axis_name='i')(x))
# while with a batched predicate: lanes stop at different times, psum over all lanes each step
def grow(v):
    def body(c):
        y, n = c
        return y + lax.psum(1.0, 'i'), n + 1
    return lax.while_loop(lambda c: c[0] < 10.0, body, (v, 0))
print(jax.vmap(grow, axis_name='i')(x))
# cond: unbatched predicate, a collective in the taken branch
def pick(v, flag):
    return lax.cond(flag, lambda u: u - lax.pmean(u, 'i'), lambda u: u * lax.axis_index('i'), v)
print(jax.vmap(pick, in_axes=(0, None), axis_name='i')(x, True))
print(jax.vmap(pick, in_axes=(0, None), axis_name='i')(x, False))
# cond with a batched predicate: both branches see every lane
def pick2(v):
    return lax.cond(v > 2.0, lambda u: lax.psum(u, 'i') + u, lambda u: lax.pmax(u, 'i') - u, v)
print(jax.vmap(pick2, axis_name='i')(x))
# all_gather inside a scan: each lane sees the whole stack
def gathered(v):
    return lax.scan(lambda c, _: (c + 1.0, lax.all_gather(c, 'i').sum()), v, None, length=2)[1]
print(jax.vmap(gathered, axis_name='i')(x))
# a collective inside a loop whose operands are all unbatched
def shared(v):
    return v + lax.fori_loop(0, 3, lambda k, c: c + lax.psum(1.0, 'i'), 0.0)
print(jax.vmap(shared, axis_name='i')(x))
# nested vmap, two axis names, a scan inside
def inner(v):
    return lax.scan(lambda c, _: (c / lax.psum(c, 'cols') + lax.psum(c, 'rows'), None), v, None, length=2)[0]
m = jnp.arange(1.0, 7.0).reshape(2, 3)
print(jax.vmap(jax.vmap(inner, axis_name='cols'), axis_name='rows')(m))
print(jax.jit(jax.vmap(centre, axis_name='i'))(x)[0])
