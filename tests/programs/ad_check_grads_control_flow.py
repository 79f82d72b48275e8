# covers: jax.test_util.check_grads in float64 (orders 1 and 2, fwd and rev) through control flow: cond/switch, fori_loop with static bounds, scan (forward and reverse, with per-iteration residuals) and a fori_loop nested in a scan
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
