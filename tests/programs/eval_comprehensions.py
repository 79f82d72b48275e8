# List comprehensions: filters, nested loops, nested comprehensions, over arrays and zip.
import jax.numpy as jnp

print([x * x for x in range(6)])
print([x for x in range(10) if x % 3 == 0])
print([(i, j) for i in range(3) for j in range(i)])
print([[i * j for j in range(3)] for i in range(3)])
print([c + c for c in 'abc'])
print([a + b for a, b in zip([1, 2, 3], [10, 20, 30])])
print([i for i, v in enumerate([5, 0, 7, 0]) if v == 0])
arr = jnp.arange(4)
print([int(v) * 2 for v in arr])
print([row.sum() for row in jnp.arange(6).reshape(2, 3)])
rows = [jnp.full((2,), float(k)) for k in range(3)]
print(jnp.stack(rows))
x = 'outer'
print([x for x in range(2)], x)
print(sum([k for k in range(101)]), [k for k in []])
print([y if y > 1 else -y for y in range(4)])
