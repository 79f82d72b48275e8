# Unary math: abs, sign, exp, log, log1p, sqrt, rsqrt, sin, cos, tanh, sigmoid, floor, ceil on floats and ints.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([-2.5, -1.0, 0.0, 0.5, 3.0])
print(jnp.abs(x), jnp.sign(x), jnp.floor(x), jnp.ceil(x))
p = jnp.array([0.25, 1.0, 4.0, 10.0])
print(jnp.exp(p), jnp.log(p), jnp.log1p(p), jnp.sqrt(p), lax.rsqrt(p))
print(jnp.sin(x), jnp.cos(x))
print(jnp.tanh(x), jax.nn.sigmoid(x))
i = jnp.array([-3, 0, 4])
print(jnp.abs(i), jnp.sign(i), jnp.sqrt(jnp.array([4, 9])), jnp.exp(jnp.array([0, 1])))
print(jnp.log(jnp.array([0.0, -1.0])), jnp.sqrt(jnp.array([-1.0])), jnp.exp(jnp.array([100.0, -200.0])))
print(jnp.log1p(jnp.array([1e-7, -1.0])), jnp.tanh(jnp.array([50.0, -50.0])), jax.nn.sigmoid(jnp.array([100.0, -100.0])))
print(jnp.negative(x), i * i, jnp.floor(jnp.array([-0.5, 0.5])), jnp.ceil(jnp.array([-0.5, 0.5])))
print(jnp.exp(jnp.float32(1.0)), jnp.sin(jnp.pi), jnp.cos(0.0), jnp.sqrt(2.0), jnp.e)
