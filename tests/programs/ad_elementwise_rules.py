# covers: grad and jvp of every differentiable elementwise op (unary, binary, select, convert), ties in max/min, pow at 0
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([0.3, 0.7, 1.2, 2.5])
u = jnp.array([0.1, -0.4, 0.5, 0.9])   # inside (-1, 1)
unary = {
    'sin': jnp.sin, 'cos': jnp.cos, 'tan': jnp.tan, 'exp': jnp.exp, 'exp2': jnp.exp2,
    'log': jnp.log, 'log1p': jnp.log1p, 'expm1': jnp.expm1, 'sqrt': jnp.sqrt,
    'rsqrt': lax.rsqrt, 'cbrt': jnp.cbrt, 'sinh': jnp.sinh, 'cosh': jnp.cosh,
    'tanh': jnp.tanh, 'arcsinh': jnp.arcsinh, 'logistic': jax.nn.sigmoid,
    'abs': jnp.abs, 'neg': jnp.negative, 'square': jnp.square, 'reciprocal': jnp.reciprocal,
    'log10': jnp.log10, 'log2': jnp.log2, 'softplus': jax.nn.softplus, 'relu': jax.nn.relu,
    'erf': lax.erf,
}
for name, f in unary.items():
    g = jax.grad(lambda v: jnp.sum(f(v)))(x)
    _, t = jax.jvp(f, (x,), (jnp.ones(4),))
    print(name, g, t)
for name, f in {'arcsin': jnp.arcsin, 'arccos': jnp.arccos, 'arctan': jnp.arctan,
                'arctanh': jnp.arctanh, 'erf_inv': lax.erf_inv}.items():
    print(name, jax.grad(lambda v: jnp.sum(f(v)))(u))
print('arccosh', jax.grad(lambda v: jnp.sum(jnp.arccosh(v)))(x + 1.0))

y = jnp.array([1.5, -0.5, 2.0, 0.25])
binary = {
    'add': jnp.add, 'sub': jnp.subtract, 'mul': jnp.multiply, 'div': jnp.divide,
    'pow': jnp.power, 'max': jnp.maximum, 'min': jnp.minimum, 'atan2': jnp.arctan2,
    'rem': jnp.fmod, 'mod': jnp.remainder,
}
for name, f in binary.items():
    a = x if name != 'pow' else x
    gx, gy = jax.grad(lambda p, q: jnp.sum(f(p, q)), argnums=(0, 1))(a, y)
    print(name, gx, gy)
# ties share the derivative, as in JAX
print(jax.grad(lambda p, q: jnp.sum(jnp.maximum(p, q)), argnums=(0, 1))(jnp.ones(3), jnp.ones(3)))
print(jax.grad(lambda p: jnp.sum(jnp.minimum(p, 0.5)))(jnp.array([0.2, 0.5, 0.9])))
# pow: x ** 0 and 0 ** y
print(jax.grad(lambda p: p ** 0.0)(2.0), jax.grad(lambda q: 0.0 ** q, )(2.0))
print(jax.grad(lambda p: p ** 3)(0.0), jax.grad(lambda p: p ** 2.5)(4.0))
# integer_pow, where/select, clip, sign/floor/round give zero
print(jax.grad(lambda p: jnp.sum(jnp.where(p > 1.0, p ** 2, -p)))(x))
print(jax.grad(lambda p: jnp.sum(jnp.clip(p, 0.5, 2.0) * p))(x))
print(jax.grad(lambda p: jnp.sum(jnp.floor(p) + jnp.round(p) + jnp.sign(p) * p))(x))
# convert: float32 <-> float16 keeps the derivative, to int gives zero
print(jax.grad(lambda p: jnp.sum(p.astype(jnp.float16).astype(jnp.float32) * p))(x))
print(jax.grad(lambda p: jnp.sum(p.astype(jnp.int32) * p))(x))
print(jax.grad(lambda p: jnp.sum(jnp.float32(3) * p))(2.0))
# Python-scalar arguments and results keep weak types
print(jax.grad(lambda a, b: a * b + 1)(3.0, 4.0))
print(jax.value_and_grad(lambda a: a ** 2 / 3)(1.5))
print(jax.jit(jax.grad(lambda p: jnp.sum(jnp.exp(-p * p))))(x))
