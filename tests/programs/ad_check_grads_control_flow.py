# covers: jax.test_util.check_grads in float64 (orders 1 and 2) through control flow: cond/switch (both modes), fori_loop with static bounds and scan (forward and reverse, with per-iteration residuals), while_loop in forward mode only (JAX cannot reverse it), nested loops, custom_jvp (both modes) and custom_vjp (reverse), checkpoint, jit inside; and two wrong custom rules that check_grads must reject with AssertionError
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
from jax import lax
from jax.test_util import check_grads

x = jnp.array([0.31, -1.23, 0.74, 0.52])

def run(name, f, *args, order=2, modes=('fwd', 'rev')):
    check_grads(f, args, order, modes)
    print(name, 'ok')

run('cond_true', lambda a: lax.cond(jnp.sum(a) > 0, lambda b: jnp.sin(b) * b, lambda b: b ** 3, a), x)
run('cond_false', lambda a: lax.cond(jnp.sum(a) > 5, lambda b: jnp.sin(b) * b, lambda b: b ** 3, a), x)
run('switch', lambda a: lax.switch(2, [jnp.sin, jnp.cos, lambda b: jnp.exp(b) * b], a), x)
run('fori', lambda a: lax.fori_loop(0, 4, lambda i, c: jnp.sin(c) * a + 0.1 * i, a), x)
run('fori_carry_tuple', lambda a: lax.fori_loop(0, 3, lambda i, c: (c[0] * c[1], c[1] + jnp.tanh(c[0])), (a, a * 0.5))[0], x)

def rnn(w, xs):
    def step(h, xi):
        h = jnp.tanh(h * w[0] + xi * w[1])
        return h, h ** 2
    h, ys = lax.scan(step, jnp.zeros(2), xs)
    return jnp.sum(h) + jnp.sum(ys)
xs = jnp.array([[0.5, -0.2], [0.1, 0.9], [-0.7, 0.3], [0.2, 0.2], [1.0, -1.0]])
run('scan_rnn', rnn, jnp.array([0.8, 1.3]), xs)
run('scan_reverse', lambda a: lax.scan(lambda c, v: (c * v + 1.0, jnp.sin(c)), 1.0, a, reverse=True)[1], x)
run('scan_nested_fori', lambda a: lax.scan(lambda c, v: (lax.fori_loop(0, 2, lambda i, d: d * v + 0.5, c), c), 0.3, a)[0], x)
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
