# RUN: %parax check --backend interp %s 2>&1 | FileCheck %s
# `parax check` never prints a value it did not compute: the first line that
# needs a jit result's data ends the check (exit 0) with a note.
import jax
import jax.numpy as jnp

step = jax.jit(lambda x: x + 1.0)
y = step(jnp.ones((4,)))
print(y.shape)
print(y.sum())
print("not reached")

# CHECK:      program jit(<lambda>) ({{.*}}check_stop.py:8:5):
# CHECK:      (4,)
# CHECK-NEXT: {{.*}}check_stop.py:10:1: note: parax check stops here: this line needs the value computed by jit(<lambda>) ({{.*}}check_stop.py:8:5), which parax check does not compute; the plans above cover every program traced before it
# CHECK-NEXT:     print(y.sum())
# CHECK-NOT:  not reached
