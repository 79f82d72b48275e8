# Closures capture variables, not values: late binding in loops and after reassignment.
import jax
import jax.numpy as jnp

fs = []
for i in range(3):
    fs.append(lambda: i * 10)
print([f() for f in fs])

gs = [lambda: j for j in range(3)]
print([g() for g in gs])

hs = [lambda j=j: j for j in range(3)]
print([h() for h in hs])

scale = 2
def mul(x):
    return x * scale
print(mul(5))
scale = 7
print(mul(5))

def make_adders():
    out = []
    for k in range(3):
        def add(x, k=k):
            return x + k
        out.append(add)
    return out
print([a(100) for a in make_adders()])

def make_late():
    out = []
    for k in range(3):
        def add(x):
            return x + k
        out.append(add)
    return out
print([a(100) for a in make_late()])

# a jitted closure captures the value at trace time; later changes are not seen
offset = jnp.array(1.0)
f = jax.jit(lambda x: x + offset)
print(f(jnp.array(1.0)))
offset = jnp.array(100.0)
print(f(jnp.array(1.0)))
print(f(jnp.array([1.0, 2.0])))
