# covers: jax.test_util.check_grads (float64 under jax_enable_x64, forward and reverse, orders 1 and 2) over elementwise math, binary ops with broadcasting, jax.nn activations, jax.scipy.special functions and where/select; every check raises AssertionError on a mismatch, so each printed 'ok' is a passed numerical check
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
import jax.nn as nn
import jax.scipy.special as sp
from jax.test_util import check_grads

x = jnp.array([[0.31, -1.23, 0.74], [1.52, 0.27, -0.43]])
p = jnp.array([[0.35, 0.62, 0.71], [0.55, 0.22, 0.44]])
y = jnp.array([0.8, -0.3, 1.1])

def run(name, f, *args, order=2, modes=('fwd', 'rev')):
    check_grads(f, args, order, modes)
    print(name, 'ok', str(jnp.asarray(f(*args)).dtype))

for name, f, a in [('sin', jnp.sin, x), ('cos', jnp.cos, x), ('tan', jnp.tan, p), ('arcsin', jnp.arcsin, p),
                   ('arccos', jnp.arccos, p), ('arctan', jnp.arctan, x), ('sinh', jnp.sinh, x), ('cosh', jnp.cosh, x),
                   ('tanh', jnp.tanh, x), ('arcsinh', jnp.arcsinh, x), ('arctanh', jnp.arctanh, p),
                   ('arccosh', lambda a: jnp.arccosh(a + 2.0), x), ('exp', jnp.exp, x), ('exp2', jnp.exp2, x),
                   ('expm1', jnp.expm1, x), ('log', jnp.log, p), ('log1p', jnp.log1p, p), ('log2', jnp.log2, p),
                   ('log10', jnp.log10, p), ('sqrt', jnp.sqrt, p), ('cbrt', jnp.cbrt, x), ('square', jnp.square, x),
                   ('reciprocal', lambda a: jnp.reciprocal(a + 2.0), x), ('abs', jnp.abs, x), ('rsqrt', jax.lax.rsqrt, p),
                   ('logistic', jax.lax.logistic, x), ('erf', jax.lax.erf, x), ('erf_inv', jax.lax.erf_inv, p),
                   ('integer_pow', lambda a: a ** 3, x), ('pow', lambda a: jnp.power(p, a), x),
                   ('sinc', jnp.sinc, x), ('deg2rad', jnp.deg2rad, x)]:
    run(name, f, a)

run('add_bcast', lambda a, b: a + b * 2.0, x, y)
run('mul_bcast', lambda a, b: a * b, x, y)
run('div', lambda a, b: a / (b + 2.0), x, y)
run('pow_both', lambda a, b: jnp.power(a, b), p, y)
run('arctan2', lambda a, b: jnp.arctan2(a, b), x, p)
run('maximum', lambda a, b: jnp.maximum(a, b), x, y)
run('minimum', lambda a, b: jnp.minimum(a, b), x, y)
run('fmax', lambda a: jnp.fmax(a, 0.2), x)
run('logaddexp', lambda a, b: jnp.logaddexp(a, b), x, y)
run('where', lambda a: jnp.where(a > 0, jnp.sin(a), a ** 2), x)
run('clip', lambda a: jnp.clip(a, -0.5, 0.5), x)
run('remainder', lambda a: jnp.remainder(a, 0.7), x)
for name, f in [('relu', nn.relu), ('sigmoid', nn.sigmoid), ('softplus', nn.softplus), ('silu', nn.silu),
                ('gelu', nn.gelu), ('gelu_exact', lambda a: nn.gelu(a, approximate=False)), ('elu', nn.elu),
                ('selu', nn.selu), ('celu', nn.celu), ('leaky_relu', nn.leaky_relu), ('log_sigmoid', nn.log_sigmoid),
                ('soft_sign', nn.soft_sign), ('softmax', nn.softmax), ('log_softmax', nn.log_softmax),
                ('standardize', nn.standardize), ('squareplus', nn.squareplus)]:
    run('nn.' + name, f, x)
for name, f, a in [('expit', sp.expit, x), ('logit', sp.logit, p), ('ndtr', sp.ndtr, x), ('ndtri', sp.ndtri, p),
                   ('log_ndtr', sp.log_ndtr, x), ('erfc', sp.erfc, x), ('entr', sp.entr, p),
                   ('xlogy', lambda a: sp.xlogy(a, p), x), ('xlog1py', lambda a: sp.xlog1py(a, p), x),
                   ('logsumexp', sp.logsumexp, x)]:
    run('sp.' + name, f, a)
run('float32_sin', jnp.sin, x.astype(jnp.float32), order=1)
run('float32_mlp', lambda w, a: jnp.sum(jnp.tanh(a @ w) ** 2), (x.T * 0.5).astype(jnp.float32), x.astype(jnp.float32), order=1)
