# covers: grad of grad (3rd order), jacfwd/jacrev on pytrees (dict in, tuple out), argnums tuples, has_aux, hessian of an MLP loss, linearize (reused), vjp reused, stop_gradient (also inside jit), value_and_grad of a jitted function, grad of a closure over jit-traced values
import jax
import jax.numpy as jnp
from jax import lax

f = lambda x: jnp.sin(x) * x ** 3
print(jax.grad(f)(0.7), jax.grad(jax.grad(f))(0.7), jax.grad(jax.grad(jax.grad(f)))(0.7))
print(jax.jit(jax.grad(jax.grad(f)))(0.7))

def g(p):
    return (p['a'] * p['b'][0], jnp.sum(p['b'] ** 2))
p = {'a': 2.0, 'b': jnp.array([1.0, -1.0, 0.5])}
jf = jax.jacfwd(g)(p)
jr = jax.jacrev(g)(p)
print(jf[0]['a'], jf[0]['b'], jf[1]['a'], jf[1]['b'])
print(jr[0]['a'], jr[0]['b'], jr[1]['a'], jr[1]['b'])

def h(x, y):
    return jnp.stack([x[0] * y, x[1] ** 2, jnp.sin(x[0]) * y ** 2])
x = jnp.array([0.5, 1.5])
for jac in [jax.jacfwd, jax.jacrev]:
    jx, jy = jac(h, argnums=(0, 1))(x, 2.0)
    print(jx, jy)
J, aux = jax.jacrev(lambda x: (h(x, 1.0), jnp.sum(x)), has_aux=True)(x)
print(J, aux)

def mlp_loss(w, inp):
    h1 = jnp.tanh(inp @ w[:6].reshape(2, 3))
    return jnp.sum((h1 @ w[6:]) ** 2)
w = jnp.linspace(-0.5, 0.5, 9)
inp = jnp.array([[1.0, 0.5], [-0.5, 2.0]])
H = jax.hessian(mlp_loss)(w, inp)
print(H.shape)
print(H)
print(jnp.max(jnp.abs(H - H.T)))

y, f_jvp = jax.linearize(lambda v: jnp.exp(v) * jnp.sum(v), x)
print(y, f_jvp(jnp.array([1.0, 0.0])), f_jvp(jnp.array([0.0, 1.0])))
out, f_vjp = jax.vjp(lambda a, b: a * b + jnp.sin(a), x, jnp.array([3.0, 4.0]))
print(f_vjp(jnp.ones(2)), f_vjp(jnp.array([1.0, -1.0])))

print(jax.grad(lambda v: v * lax.stop_gradient(v) + jnp.sin(lax.stop_gradient(v)))(2.0))
print(jax.jit(jax.grad(lambda v: jnp.sum(v ** 2 - lax.stop_gradient(v ** 2))))(x))
print(jax.grad(lambda v: lax.stop_gradient({'a': v})['a'] * v)(3.0))
print(jax.jvp(lambda v: lax.stop_gradient(v) * v, (2.0,), (1.0,)))

step = jax.jit(lambda v: jnp.sum(jnp.cos(v) * v))
print(jax.value_and_grad(step)(x))
@jax.jit
def outer(a):
    return jax.grad(lambda b: jnp.sum(a * b ** 2))(a + 1.0)
print(outer(x))
print(jax.grad(lambda a: jnp.sum(outer(a)))(x))
# grad with respect to an int-free pytree containing None and scalars
print(jax.grad(lambda t: t[0] * t[2]['k'])((2.0, None, {'k': 5.0})))
