# covers: numerical gradient checks: jax.grad and jax.jvp against central finite differences (as jax.test_util.check_grads, in float32 with a loose tolerance) for smooth functions built from many ops and control flow; prints only pass/fail booleans and rounded relative errors
import jax
import jax.numpy as jnp
from jax import lax

def fd_grad(f, x, eps=1e-3):
    flat = x.reshape(-1)
    out = []
    for i in range(flat.shape[0]):
        e = jnp.zeros_like(flat).at[i].set(eps).reshape(x.shape)
        out.append((f(x + e) - f(x - e)) / (2 * eps))
    return jnp.stack(out).reshape(x.shape)

def check(name, f, x):
    g = jax.grad(f)(x)
    n = fd_grad(f, x)
    err = jnp.max(jnp.abs(g - n)) / (1.0 + jnp.max(jnp.abs(n)))
    # directional derivative from jvp against the gradient
    v = jnp.cos(jnp.arange(x.size, dtype=jnp.float32)).reshape(x.shape)
    _, t = jax.jvp(f, (x,), (v,))
    err2 = jnp.abs(t - jnp.sum(g * v)) / (1.0 + jnp.abs(t))
    print(name, bool(err < 2e-2), bool(err2 < 1e-4))

x = jnp.linspace(0.2, 1.4, 6).reshape(2, 3)
check('poly', lambda a: jnp.sum(a ** 3 - 2.0 * a * a + a), x)
check('trig', lambda a: jnp.sum(jnp.sin(a) * jnp.cos(2.0 * a) + jnp.tanh(a)), x)
check('exp_log', lambda a: jnp.sum(jnp.log1p(jnp.exp(a)) * jnp.sqrt(a)), x)
check('matmul', lambda a: jnp.sum(jnp.tanh(a @ a.T) ** 2), x)
check('softmax', lambda a: jnp.sum(jax.nn.softmax(a, axis=1) * jnp.arange(3.0)), x)
check('norm', lambda a: jnp.linalg.norm(a) + jnp.sum(a / jnp.sum(a, axis=0)), x)
check('slices', lambda a: jnp.sum(a[:, 1:] * a[:, :-1]) + a[1, 2] ** 2, x)
check('concat', lambda a: jnp.sum(jnp.concatenate([a, a[::-1] ** 2], axis=1) ** 2), x)
check('gather', lambda a: jnp.sum(a.reshape(-1)[jnp.array([0, 5, 5, 2])] ** 3), x)
check('scatter', lambda a: jnp.sum(jnp.zeros(8).at[jnp.array([1, 3, 3, 7, 0, 2])].add(a.reshape(-1)) ** 2), x)
check('cumsum', lambda a: jnp.sum(jnp.cumsum(a, axis=1) ** 2), x)
check('prod', lambda a: jnp.prod(a), x)
check('where', lambda a: jnp.sum(jnp.where(a > 0.7, jnp.exp(a), a ** 2)), x)
check('cond', lambda a: lax.cond(jnp.sum(a) > 1.0, lambda b: jnp.sum(b ** 2), lambda b: jnp.sum(b), a), x)
check('fori', lambda a: jnp.sum(lax.fori_loop(0, 4, lambda i, c: jnp.sin(c) * a + 0.1 * i, a)), x)
def rnn(a):
    def step(h, xi):
        h = jnp.tanh(h * 0.5 + xi * a[0])
        return h, jnp.sum(h)
    h, ys = lax.scan(step, jnp.zeros(3), a)
    return jnp.sum(h) + jnp.sum(ys ** 2)
check('scan', rnn, x)
check('scan_rev', lambda a: jnp.sum(lax.scan(lambda c, v: (c * v + 1.0, c), 1.0, a.reshape(-1), reverse=True)[1]), x)
check('nested_grad', lambda a: jnp.sum(jax.grad(lambda b: jnp.sum(jnp.sin(b) * a))(a) ** 2), x)
check('dyn_slice', lambda a: jnp.sum(lax.dynamic_slice(a, (1, 1), (1, 2)) ** 2) + jnp.sum(lax.dynamic_update_slice(a, a[:, :1] ** 2, (0, 2)) ** 2), x)
check('max', lambda a: jnp.max(a * jnp.array([[1.0, -2.0, 0.5], [0.3, 0.1, -1.0]])), x)
