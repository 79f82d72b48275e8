# jax.nn activations, one_hot and initializers; jax.scipy.special and
# jax.scipy.stats.norm.
import jax, jax.numpy as jnp
from jax import random
import jax.scipy.special
from jax.scipy.special import logsumexp
from jax.scipy.stats import norm
import jax.scipy.stats as stats

x = jnp.linspace(-3., 3., 7)
print(jax.nn.one_hot(jnp.array([0, 2, 1]), 3), jax.nn.one_hot(jnp.array([1, 0]), 3, axis=0, dtype=jnp.int32))
print(jax.nn.one_hot(jnp.array([[0, 5], [1, -1]]), 3))
print(jax.jit(lambda v: jax.nn.one_hot(v, 4))(jnp.array([3, 0])))
print(jax.nn.log_softmax(x), jax.nn.gelu(x), jax.nn.gelu(x, approximate=False))
print(jax.nn.log_softmax(jnp.arange(6.).reshape(2, 3), axis=0))
print(jax.nn.elu(x), jax.nn.leaky_relu(x), jax.nn.leaky_relu(x, negative_slope=0.2), jax.nn.selu(x))
print(jax.nn.silu(x), jax.nn.swish(x), jax.nn.log_sigmoid(x), jax.nn.relu6(x * 3))
print(jax.nn.hard_tanh(x), jax.nn.celu(x), jax.nn.soft_sign(x), jax.nn.hard_sigmoid(x), jax.nn.hard_swish(x))
print(jax.nn.glu(jnp.arange(4.)), jax.nn.sparse_plus(x))
print(jax.nn.standardize(jnp.arange(6.).reshape(2, 3)), jax.nn.logsumexp(x))
print(logsumexp(x), logsumexp(jnp.arange(6.).reshape(2, 3), axis=1), logsumexp(jnp.array([-jnp.inf, -jnp.inf])))
print(logsumexp(x, b=jnp.ones(7) * 2), logsumexp(jnp.arange(4.), keepdims=True, axis=0), logsumexp(x, return_sign=True))
print(jax.jit(logsumexp)(jnp.array([1000., 1000.])), logsumexp(jnp.array([1., 2.]), b=jnp.array([1., -1.])))
sp = jax.scipy.special
print(sp.expit(x), sp.logit(jnp.array([0.25, 0.5])), sp.erf(x), sp.erfinv(jnp.array([0., 0.5])))
print(sp.xlogy(jnp.array([0., 1., 2.]), jnp.array([0., 2., 3.])), sp.entr(jnp.array([0., 0.5, 1.])), sp.xlog1py(jnp.array([0., 2.]), jnp.array([-1., 1.])))
print(sp.ndtr(jnp.array([-1., 0., 1.])), sp.ndtri(jnp.array([0.1, 0.5, 0.9])), sp.erfc(jnp.array([-1., 0.1, 2., 4.])))
print(sp.softmax(x), sp.log_softmax(jnp.arange(3.)))
print(norm.pdf(x), norm.logpdf(x), norm.cdf(x))
print(norm.pdf(x, 1., 2.), norm.logpdf(x, loc=0.5, scale=0.7), norm.cdf(x, 1, 2), norm.sf(x))
print(norm.ppf(jnp.array([0.1, 0.5, 0.975])), norm.isf(jnp.array([0.1])), norm.logcdf(jnp.array([0., 1.])))
print(norm.cdf(jnp.array([-5., -4., -2.5, 0.3, 6.])), stats.norm.pdf(0.))
print(jax.jit(norm.logpdf)(jnp.array([0.5, 2.])))
k = random.key(0)
init = jax.nn.initializers
for f in [init.glorot_normal(), init.glorot_uniform(), init.he_normal(), init.he_uniform(),
          init.lecun_normal(), init.lecun_uniform(), init.normal(), init.uniform(),
          init.truncated_normal(), init.variance_scaling(2.0, 'fan_out', 'normal'),
          init.xavier_uniform(), init.kaiming_normal()]:
    print(f(k, (3, 4)))
print(init.zeros(k, (2,)), init.ones(k, (2,), jnp.int32), init.constant(3.0)(k, (2,)))
print(init.glorot_normal(in_axis=0, out_axis=1)(random.PRNGKey(1), (2, 3, 4)))
print(init.he_normal()(random.PRNGKey(2), (3, 3, 2, 4)).shape)
