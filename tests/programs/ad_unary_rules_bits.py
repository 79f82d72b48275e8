# covers: grad and jvp of the unary elementwise ops round as JAX's rules do (bit patterns, not within tolerance)
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

def bits(a):
    return ' '.join(format(v, '08x') for v in np.asarray(lax.bitcast_convert_type(a, jnp.uint32)).tolist())

x = jnp.array([0.3, 0.7, 1.2, 2.5, 4.0, 0.05])
u = jnp.array([0.1, -0.4, 0.5, 0.9, -0.95, 0.3])
w = jnp.array([0.37, 1.7, -2.3, 0.11, 3.3, 0.7])
ops = {
    'exp': (jnp.exp, x), 'exp2': (jnp.exp2, x), 'log': (jnp.log, x), 'log1p': (jnp.log1p, x),
    'expm1': (jnp.expm1, x), 'sqrt': (jnp.sqrt, x), 'rsqrt': (lax.rsqrt, x), 'cbrt': (jnp.cbrt, x),
    'sin': (jnp.sin, x), 'cos': (jnp.cos, x), 'sinh': (jnp.sinh, x),
    'cosh': (jnp.cosh, x), 'tanh': (jnp.tanh, x), 'arcsinh': (jnp.arcsinh, x),
    'arctanh': (jnp.arctanh, u), 'arcsin': (jnp.arcsin, u),
    'arccos': (jnp.arccos, u), 'arctan': (jnp.arctan, x), 'logistic': (jax.nn.sigmoid, x),
    'erf': (lax.erf, u), 'erf_inv': (lax.erf_inv, u), 'abs': (jnp.abs, u),
}
# Left out: XLA's CPU loops contract a * b + c into one fma (tan's 1 + y*y,
# arccosh's x*x - 1, tanh's jvp g + g*y), where parax rounds each op as
# written; those agree within tolerance (ad_elementwise_rules.py).
for name, (f, v) in ops.items():
    y = f(v)
    g = jax.grad(lambda v: jnp.sum(f(v) * w))(v)
    _, t = jax.jvp(f, (v,), (w,))
    print(name, 'y', bits(y))
    print(name, 'grad', bits(g))
    if name != 'tanh':
        print(name, 'jvp', bits(t))
