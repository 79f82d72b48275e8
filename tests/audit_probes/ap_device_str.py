# conform: devices=2
# str()/print of a single device is 'cpu:N' (repr stays 'CpuDevice(id=N)').
import jax

d = jax.devices()[1]
print(d)
print(str(jax.devices()[0]), repr(d), f"{d}")
print(jax.devices())
