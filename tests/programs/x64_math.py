# Transcendental functions in float64 (x64 enabled), eagerly and jitted.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import lax

x = jnp.linspace(-3.0, 3.0, 13)
p = jnp.linspace(0.05, 4.0, 9)
u = jnp.linspace(-0.95, 0.95, 9)

def fns(x, p, u):
    return {
        "exp": jnp.exp(x), "expm1": jnp.expm1(x), "exp2": jnp.exp2(x),
        "log": jnp.log(p), "log1p": jnp.log1p(p), "log2": jnp.log2(p), "log10": jnp.log10(p),
        "sqrt": jnp.sqrt(p), "rsqrt": lax.rsqrt(p), "cbrt": jnp.cbrt(x),
        "sin": jnp.sin(x), "cos": jnp.cos(x), "tan": jnp.tan(u),
        "arcsin": jnp.arcsin(u), "arccos": jnp.arccos(u), "arctan": jnp.arctan(x),
        "arctan2": jnp.arctan2(x, x[::-1] + 0.5),
        "sinh": jnp.sinh(x), "cosh": jnp.cosh(x), "tanh": jnp.tanh(x),
        "arcsinh": jnp.arcsinh(x), "arccosh": jnp.arccosh(p + 1), "arctanh": jnp.arctanh(u),
        "logistic": jax.nn.sigmoid(x), "erf": lax.erf(x), "erf_inv": lax.erf_inv(u),
        "logaddexp": jnp.logaddexp(x, x[::-1]),
    }

eager = fns(x, p, u)
jitted = jax.jit(fns)(x, p, u)
for k in eager:
    print(k, eager[k].dtype, eager[k])
    print(k, "jit", jitted[k])
print(jnp.exp(jnp.float64(700.0)), jnp.log(jnp.float64(1e-300)), jnp.sin(jnp.float64(1e6)))
print(jnp.tanh(jnp.float64(20.0)), jnp.exp(jnp.float64(-745.0)))
