# covers: jax.test_util.check_grads in float64 (orders 1 and 2): while_loop in forward mode only (JAX cannot reverse it), custom_jvp (both modes) and custom_vjp (reverse), checkpoint, jit and grad inside the checked function; and two wrong custom rules that check_grads must reject with AssertionError
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
from jax import lax
from jax.test_util import check_grads

x = jnp.array([0.31, -1.23, 0.74, 0.52])

def run(name, f, *args, order=2, modes=('fwd', 'rev')):
    check_grads(f, args, order, modes)
    print(name, 'ok')

run('while_fwd', lambda a: lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, jnp.sin(c[1]) * a), (0, a))[1], x, modes=('fwd',))
run('while_fwd_scalar', lambda s: lax.while_loop(lambda c: c < 10.0, lambda c: c * 1.7 + 0.1, s), 0.9, modes=('fwd',))

@jax.custom_jvp
def softclip(a):
    return jnp.log1p(jnp.exp(a)) - jnp.log1p(jnp.exp(a - 2.0))
@softclip.defjvp
def softclip_jvp(p, t):
    (a,), (da,) = p, t
    return softclip(a), (jax.nn.sigmoid(a) - jax.nn.sigmoid(a - 2.0)) * da
run('custom_jvp', softclip, x)

@jax.custom_vjp
def scaled_sin(a, s):
    return jnp.sin(a) * s
def scaled_sin_fwd(a, s):
    return scaled_sin(a, s), (a, s)
def scaled_sin_bwd(res, g):
    a, s = res
    return (jnp.cos(a) * s * g, jnp.sum(jnp.sin(a) * g))
scaled_sin.defvjp(scaled_sin_fwd, scaled_sin_bwd)
run('custom_vjp', scaled_sin, x, 1.5, order=1, modes=('rev',))
run('checkpoint', jax.checkpoint(lambda a: jnp.sum(jnp.sin(jnp.cos(a)) ** 2)), x)
run('jit_inside', lambda a: jax.jit(lambda b: jnp.tanh(b) * b)(a) ** 2, x)
run('grad_inside', lambda a: jax.grad(lambda b: jnp.sum(jnp.sin(b) * a))(a), x)

@jax.custom_jvp
def wrong(a):
    return jnp.sin(a)
wrong.defjvp(lambda p, t: (jnp.sin(p[0]), 1.1 * jnp.cos(p[0]) * t[0]))
try:
    check_grads(wrong, (x,), 1, modes=('fwd',))
    print('wrong custom_jvp passed')
except AssertionError:
    print('wrong custom_jvp rejected')

@jax.custom_vjp
def wrong_v(a):
    return a ** 2
wrong_v.defvjp(lambda a: (a ** 2, a), lambda a, g: (a * g,))
try:
    check_grads(wrong_v, (x,), 1, modes=('rev',))
    print('wrong custom_vjp passed')
except AssertionError:
    print('wrong custom_vjp rejected')
