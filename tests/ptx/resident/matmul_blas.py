# float32 dots through cuBLAS on the strict fake (tests/ptx/resident_check.py):
# the fake's cublasSgemmStridedBatched (PARAX_CUBLAS) on the device blocks,
# on the call's stream: one BLAS call per dot (transposed, sliced and
# batched operands included, read in place), one synchronisation per call,
# only arguments and results moved. A product too thin for the BLAS (k < 8)
# keeps its kernel.
# run: cublas
# expect: mlp cublas=2 syncs<=1 h2d=args d2h=results
# expect: gram cublas=1 syncs<=1 h2d=args d2h=results
# expect: views cublas=1 syncs<=1 h2d=args d2h=results
# expect: batched cublas=1 syncs<=1 h2d=args d2h=results
# expect: thin cublas=0 syncs<=1 h2d=args d2h=results
import numpy as np
import jax
import jax.numpy as jnp
from jax import jit

rng = np.random.default_rng(1)
x = jnp.asarray(rng.standard_normal((96, 64), dtype=np.float32))
w1 = jnp.asarray(rng.standard_normal((64, 128), dtype=np.float32))
w2 = jnp.asarray(rng.standard_normal((128, 32), dtype=np.float32))
t = jnp.asarray(rng.standard_normal((4, 40, 24), dtype=np.float32))


@jit
def mlp(x, w1, w2):
    return jnp.tanh(x @ w1) @ w2


@jit
def gram(x):
    return x.T @ x


@jit
def views(x, w1):
    return x[::2, 8:40] @ w1.T[1:101, :32].T


@jit
def batched(t):
    return jnp.einsum('bij,bkj->bik', t, t)


@jit
def thin(x, w1):
    return x[:, :4] @ w1[:4]


print(mlp(x, w1, w2)[::20, ::8])
print(gram(x)[::16, ::16])
print(views(x, w1)[::10, ::10])
print(batched(t)[:, ::9, ::9])
print(thin(x, w1)[::30, ::30])
