# .at[] functional updates: set/add/mul/min/max with ints, slices, arrays, duplicates, out-of-bounds dropped.
import jax.numpy as jnp

x = jnp.arange(10)
print(x.at[3].set(-1), x)
print(x.at[-1].set(99), x.at[20].set(99), x.at[-11].set(99))
print(x.at[jnp.array([1, 1, 2])].add(5), x.at[jnp.array([1, 1, 2])].set(jnp.array([7, 8, 9]))[2])
print(x.at[2:5].mul(3), x.at[::2].min(3), x.at[:3].max(7))
m = jnp.zeros((3, 4))
print(m.at[1].set(1.0))
print(m.at[:, 2].add(jnp.array([1.0, 2.0, 3.0])))
print(m.at[1, 1:3].set(jnp.array([5.0, 6.0])), m.at[..., -1].set(9.0)[0])
print(x.at[0].set(2.7), x.at[0].add(2.7), x.at[1].mul(2.5))
f = jnp.arange(4.0)
print(f.at[1].set(7), f.at[jnp.array([0, 3])].mul(jnp.array([10.0, -1.0])), f.at[2].min(-5.0), f.at[0].max(jnp.array(-1.0)))
print(x.at[jnp.array([0, 25, -3])].set(-7))
