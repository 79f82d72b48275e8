# covers: jax.process_indices, device.host_id/task_id/device_kind across processes, local_devices(backend=), devices grouped by process, a second initialize() call is an error
# multiproc: processes=2 local_devices=2
import jax

jax.distributed.initialize()
print(jax.process_indices())
print([(d.id, d.process_index, d.host_id, d.task_id, d.device_kind) for d in jax.devices()])
print(jax.local_devices(backend='cpu'))
print({p: [d.id for d in jax.devices() if d.process_index == p] for p in jax.process_indices()})
try:
    jax.distributed.initialize()
except RuntimeError as e:
    print('RuntimeError', e)
print(jax.distributed.is_initialized())
