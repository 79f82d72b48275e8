# Flattening a 100,000-deep pytree raises RecursionError.
# hostile: error=RecursionError line=9
import jax

a = [1.0]
for i in range(100000):
    a = [a]
print(len(jax.tree_util.tree_leaves([[1.0], [2.0]])))
print(jax.tree_util.tree_leaves(a))
