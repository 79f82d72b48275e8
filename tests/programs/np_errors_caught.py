# covers: numpy errors are Python exceptions of numpy's classes with numpy's messages (shape mismatch, bounds, read-only, casting, broadcasting, truth value)
import numpy as np
import jax.numpy as jnp

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except (ValueError, IndexError, TypeError) as e:
        print(label, type(e).__name__ if not isinstance(e, TypeError) else "TypeError", e)

a = np.zeros(5)
m = np.zeros((3, 4))
def assign_mismatch(): a[1:3] = np.array([1.0, 2.0, 3.0])
def bounds(): return m[0, 4]
def bounds_neg(): return a[-6]
def readonly():
    h = np.asarray(jnp.arange(3.0))
    h[0] = 1
def fancy_mismatch(): a[[0, 1, 2]] = [1.0, 2.0]
def broadcast(): return np.ones(3) + np.ones(4)
def truth(): return bool(np.array([1, 2]))
def reshape(): return np.arange(6).reshape(4, 2)
def too_many(): return a[0, 1]
def bad_index(): return a[1.5]
def setflags():
    b = np.arange(3)
    b.flags.writeable
    b.setflags(write=False)
    b[0] = 5
def inhomogeneous(): return np.array([[1, 2], [3]])
def concat(): return np.concatenate([np.ones((2, 2)), np.ones((3, 3))])
def matmul(): return np.ones((2, 3)) @ np.ones((2, 3))
def neg_pow(): return np.arange(3) ** -1
def broadcast_view():
    v = np.broadcast_to(np.arange(3), (2, 3))
    v[0, 0] = 1
for label, fn in [("assign", assign_mismatch), ("bounds", bounds), ("bounds_neg", bounds_neg),
                  ("readonly", readonly), ("fancy", fancy_mismatch), ("broadcast", broadcast),
                  ("truth", truth), ("reshape", reshape), ("too_many", too_many), ("bad_index", bad_index),
                  ("setflags", setflags), ("inhomogeneous", inhomogeneous), ("concat", concat),
                  ("matmul", matmul), ("neg_pow", neg_pow), ("broadcast_view", broadcast_view)]:
    attempt(label, fn)
print(a)
try:
    np.linalg.inv(np.zeros((2, 2)))
except np.linalg.LinAlgError as e:
    print("LinAlgError", e, isinstance(e, ValueError))
for axis in (2, -3):
    try:
        np.sum(np.ones((2, 2)), axis=axis)
    except np.exceptions.AxisError as e:
        print("AxisError", e, isinstance(e, ValueError))
try:
    np.transpose(np.ones((2, 3)), (0, 0))
except ValueError as e:
    print("ValueError", e)
try:
    np.eye(-1)
except ValueError as e:
    print("ValueError", e)
