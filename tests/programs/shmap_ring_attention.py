# covers: ring attention with shard_map on a 1-D mesh: queries stay put, key/value blocks travel round the ring with ppermute inside a fori_loop, a running (max, sum, out) softmax accumulator; equals full attention computed unsharded
# conform: devices=4
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

n_dev = 4
mesh = Mesh(np.array(jax.devices()), ('seq',))
rng = np.random.RandomState(3)
T, D = 16, 8
q = jnp.asarray(rng.randn(T, D).astype(np.float32))
k = jnp.asarray(rng.randn(T, D).astype(np.float32))
v = jnp.asarray(rng.randn(T, D).astype(np.float32))
perm = [(i, (i + 1) % n_dev) for i in range(n_dev)]

def ring_attention(qb, kb, vb):
    scale = 1.0 / np.sqrt(D)
    # The accumulators vary over 'seq' like the blocks (check_vma).
    m = lax.pcast(jnp.full((qb.shape[0], 1), -jnp.inf, jnp.float32), 'seq', to='varying')
    s = lax.pcast(jnp.zeros((qb.shape[0], 1), jnp.float32), 'seq', to='varying')
    o = jnp.zeros_like(qb)

    def step(i, carry):
        m, s, o, kb, vb = carry
        logits = (qb @ kb.T) * scale
        m_new = jnp.maximum(m, logits.max(axis=1, keepdims=True))
        p = jnp.exp(logits - m_new)
        corr = jnp.exp(m - m_new)
        s = s * corr + p.sum(axis=1, keepdims=True)
        o = o * corr + p @ vb
        kb = lax.ppermute(kb, 'seq', perm)
        vb = lax.ppermute(vb, 'seq', perm)
        return m_new, s, o, kb, vb

    m, s, o, _, _ = lax.fori_loop(0, n_dev, step, (m, s, o, kb, vb))
    return o / s

f = jax.jit(jax.shard_map(ring_attention, mesh=mesh, in_specs=(P('seq'), P('seq'), P('seq')),
                          out_specs=P('seq')))
out = f(q, k, v)
ref = jax.nn.softmax((q @ k.T) / np.sqrt(D), axis=1) @ v
print(out.shape, bool(jnp.allclose(out, ref, atol=1e-5)))
print(np.round(np.asarray(out)[::5], 4))
