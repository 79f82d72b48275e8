# covers: out_sharding= on the jax.random samplers beyond the basic ones (gamma, beta, dirichlet, poisson, laplace, logistic, cauchy, t, pareto, categorical, multivariate_normal, ...): values bit-identical to the unsharded draw, results split as asked
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
key = jax.random.key(3)
s = NamedSharding(mesh, P('x'))
cases = [
    ('gamma', lambda **kw: jax.random.gamma(key, 2.0, (8, 2), **kw)),
    ('loggamma', lambda **kw: jax.random.loggamma(key, 0.5, (8,), **kw)),
    ('beta', lambda **kw: jax.random.beta(key, 2.0, 3.0, (8,), **kw)),
    ('dirichlet', lambda **kw: jax.random.dirichlet(key, jnp.ones(3), (4,), **kw)),
    ('poisson', lambda **kw: jax.random.poisson(key, 3.0, (8,), **kw)),
    ('laplace', lambda **kw: jax.random.laplace(key, (8, 4), **kw)),
    ('logistic', lambda **kw: jax.random.logistic(key, (4,), **kw)),
    ('cauchy', lambda **kw: jax.random.cauchy(key, (4, 3), **kw)),
    ('rademacher', lambda **kw: jax.random.rademacher(key, (8,), **kw)),
    ('t', lambda **kw: jax.random.t(key, 5.0, (8,), **kw)),
    ('pareto', lambda **kw: jax.random.pareto(key, 3.0, (4,), **kw)),
    ('maxwell', lambda **kw: jax.random.maxwell(key, (4,), **kw)),
    ('categorical', lambda **kw: jax.random.categorical(key, jnp.zeros((8, 5)), **kw)),
    ('multivariate_normal', lambda **kw: jax.random.multivariate_normal(key, jnp.zeros(2), jnp.eye(2), (4,), **kw)),
]
for name, draw in cases:
    plain = draw()
    with jax.set_mesh(mesh):
        split = draw(out_sharding=s)
    print(name, jax.typeof(split), split.sharding.spec, bool(np.array_equal(np.asarray(plain), np.asarray(split))))
    print(np.round(np.asarray(split), 4))
with jax.set_mesh(mesh):
    g = jax.random.gamma(key, 1.5, (4, 4), out_sharding=P(None, 'x'))
print(jax.typeof(g), np.round(np.asarray(g), 4))
