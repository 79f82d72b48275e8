# jax.example_libraries.stax (layers as init/apply pairs) and optimizers
# (init/update/get_params over pytrees), and tree_util's Partial/tree_all.
import jax, jax.numpy as jnp
from jax import random, jit
from jax.example_libraries import stax, optimizers
from jax.example_libraries.stax import Dense, Relu, LogSoftmax, Tanh, Flatten
from jax.tree_util import Partial

init, apply = stax.serial(Dense(8), Relu, Dense(3), LogSoftmax)
shape, params = init(random.PRNGKey(0), (-1, 5))
print(shape, [tuple(p.shape for p in layer) for layer in params])
x = jnp.ones((2, 5)) * 0.3
print(apply(params, x))
print(jit(apply)(params, x))
init2, apply2 = stax.serial(Flatten, Dense(4), Tanh, stax.Sigmoid, stax.Softmax)
s2, p2 = init2(random.key(1), (3, 2, 2))
print(s2, apply2(p2, jnp.arange(12.).reshape(3, 2, 2)))
i3, a3 = stax.serial(stax.FanOut(2), stax.parallel(Dense(3), stax.Identity), stax.FanInConcat())
s3, p3 = i3(random.PRNGKey(2), (1, 3))
print(s3, a3(p3, jnp.ones((1, 3))))
i4, a4 = stax.serial(stax.FanOut(2), stax.parallel(Dense(3), Dense(3)), stax.FanInSum)
s4, p4 = i4(random.PRNGKey(3), (2, 4))
print(s4, a4(p4, jnp.ones((2, 4))))
print(stax.Dropout(0.5)[1]((), jnp.ones(6), rng=random.PRNGKey(4)))
print(stax.Dropout(0.5, mode='test')[1]((), jnp.ones(3), rng=random.PRNGKey(4)))
ib, ab = stax.BatchNorm(axis=(0,))
sb, pb = ib(random.PRNGKey(0), (4, 3))
print(sb, ab(pb, jnp.arange(12.).reshape(4, 3)))
ie, ae = stax.serial(stax.Elu, stax.Gelu, stax.Softplus, stax.LeakyRelu, stax.Selu, stax.Exp)
print(ae(ie(random.PRNGKey(0), (3,))[1], jnp.array([-1., 0., 1.])))
isd, asd = stax.shape_dependent(lambda s: Dense(s[-1]))
print(isd(random.PRNGKey(5), (2, 3))[0])
for opt in [optimizers.sgd(0.1), optimizers.momentum(0.1, 0.9), optimizers.adam(1e-2),
            optimizers.rmsprop(0.01), optimizers.adagrad(0.1), optimizers.nesterov(0.1, 0.5),
            optimizers.adamax(0.1), optimizers.rmsprop_momentum(0.1)]:
    oi, ou, gp = opt
    st = oi({'w': jnp.ones(3), 'b': jnp.zeros(2)})
    for i in range(3):
        g = {'w': jnp.array([0.1, -0.2, 0.3]) * (i + 1), 'b': jnp.array([1., -1.])}
        st = ou(i, g, st)
    print(gp(st))
oi, ou, gp = optimizers.adam(optimizers.exponential_decay(0.1, 10, 0.5))
st = oi((jnp.ones(2),))
st = jit(ou)(0, (jnp.ones(2),), st)
print(gp(st))
opt_init, opt_update, get_params = optimizers.momentum(0.01, mass=0.9)
state = opt_init(params)
@jit
def step(i, state):
    p = get_params(state)
    g = jax.tree.map(lambda w: 0.1 * w, p)
    return opt_update(i, g, state)
for i in range(3):
    state = step(i, state)
print(apply(get_params(state), x))
print(optimizers.l2_norm({'a': jnp.ones(4)}), optimizers.clip_grads({'a': jnp.ones(4) * 3}, 1.0))
print(optimizers.polynomial_decay(1.0, 10, 0.1)(5), optimizers.inverse_time_decay(1.0, 10, 0.5)(4), optimizers.piecewise_constant([2, 4], [1., 0.5, 0.1])(3))
print(jax.tree_util.tree_all([True, (True, 1)]), jax.tree_util.tree_all([True, 0]), jax.tree.all({'a': True}))
print(jax.tree_util.tree_reduce(lambda a, b: a + b, [1, (2, 3)]), jax.tree.reduce(lambda a, b: a * b, [2, 3], 10))
f = Partial(lambda a, b, c=0: a * b + c, 2., c=1.)
print(f(3.), jit(lambda g, v: g(v))(f, 4.), Partial(f, 5.)())
print(jax.tree.map(lambda v: v + 1, {'x': (1, 2)}), jax.tree.leaves([1, [2, None, 3]]))
