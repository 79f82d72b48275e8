# Importing JAX names a program never uses must not fail (parax lacks some).
import jax
import jax.numpy as jnp
from jax import vmap, grad, jit
from jax.experimental import pallas as pl
from jax.sharding import Mesh, PartitionSpec as P, NamedSharding
import jax.experimental.shard_map
from jax.experimental import checkify
import jax.scipy.linalg
from jax.scipy.special import logsumexp
from jax.example_libraries import stax
import jax.profiler

print(jit(lambda x: x * 2)(jnp.arange(3)))
print(logsumexp(jnp.zeros(2)))
print(hasattr(jnp, 'median'), callable(jnp.median))
