# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# vmap batches control flow and gathers with batching rules, not by
# replaying once per example: a scan over 128 lanes is one scan whose body
# runs on f32[128] (one sin, not 128); a while loop with a batched
# predicate loops while any lane holds (reduce_or) and selects each lane's
# carry; a cond with a batched predicate runs both branches and selects;
# a gather with batched indices is one take with the lanes folded into the
# indexed axis.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def rnn(xs):
    return jax.vmap(lambda row: lax.scan(lambda c, e: (c * 0.5 + jnp.sin(e), c), 0.0, row))(xs)

c, ys = rnn(jnp.arange(640.0).reshape(128, 5) / 640.0)
print(c.shape, ys.shape)

# CHECK-LABEL: func @rnn(%arg0: f32[128,5])
# CHECK:         transpose %arg0 perm=[1,0] : f32[5,128]
# CHECK:         scan({{.*}}) length=5 num_carry=1 reverse=0 : (f32[128] weak, f32[5,128]) -> (f32[128], f32[5,128] weak) {
# CHECK:           sin %{{[0-9]+}} : f32[128]
# CHECK-NOT:       sin
# CHECK-NOT:       scan
# CHECK:         return
# CHECK:       (128,) (128, 5)

@jax.jit
def steps(ns):
    body = lambda c: (jnp.where(c[0] % 2 == 0, c[0] // 2, 3 * c[0] + 1), c[1] + 1)
    return jax.vmap(lambda n: lax.while_loop(lambda c: c[0] != 1, body, (n, 0))[1])(ns)

print(steps(jnp.array([1, 6, 27])))

# CHECK-LABEL: func @steps(%arg0: i32[3])
# CHECK:         while(%arg0, %{{[0-9]+}}) : (i32[3], i32[3] weak) -> (i32[3], i32[3] weak) {
# CHECK:           ne %{{[0-9]+}}, %{{[0-9]+}} : i1[3]
# CHECK:           reduce_or %{{[0-9]+}} axes=[0] : i1[]
# CHECK:           select
# CHECK:           select
# CHECK-NOT:     while
# CHECK:         return
# CHECK:       [  0   8 111]

@jax.jit
def pick(v):
    return jax.vmap(lambda u: lax.cond(u > 0.0, jnp.sqrt, jnp.negative, u))(v)

print(pick(jnp.array([4.0, -2.0])))

# CHECK-LABEL: func @pick(%arg0: f32[2])
# CHECK-NOT:     cond(
# CHECK:         neg %{{[0-9]+}} : f32[2]
# CHECK:         sqrt %{{[0-9]+}} : f32[2]
# CHECK:         select %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : f32[2]
# CHECK-NEXT:    return
# CHECK:       [2. 2.]

@jax.jit
def gather(x, i):
    return jax.vmap(lambda r, j: r[j])(x, i)

print(gather(jnp.arange(12.0).reshape(3, 4), jnp.array([3, 0, 1])))

# CHECK-LABEL: func @gather(%arg0: f32[3,4], %arg1: i32[3])
# CHECK-NOT:     concatenate
# CHECK:         reshape %arg0 : f32[12]
# CHECK-NEXT:    take %{{[0-9]+}}, %{{[0-9]+}} axis=0 : f32[3,1]
# CHECK-NOT:     take
# CHECK:         return
# CHECK:       [3. 4. 9.]
