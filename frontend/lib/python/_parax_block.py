# np.block and jnp.block share one algorithm; each passes its own asarray,
# concatenate and tuple message.


def assemble(arrays, asarray, concatenate, tuple_message):
    """Nested lists of arrays joined along the last axes: the innermost lists
    along the last axis, the next ones along the one before, ..."""
    def depth(x):
        return 1 + depth(x[0]) if isinstance(x, list) and x else (1 if isinstance(x, list)
                                                                  else 0)
    d = depth(arrays)

    def rec(x, level):
        if isinstance(x, list):
            parts = [rec(e, level + 1) for e in x]
            nd = max(p.ndim for p in parts)
            parts = [p.reshape((1,) * (nd - p.ndim) + tuple(p.shape)) for p in parts]
            return concatenate(parts, axis=-(d - level))
        arr = asarray(x)
        return arr.reshape((1,) * (d - arr.ndim) + tuple(arr.shape)) if arr.ndim < d else arr

    if isinstance(arrays, tuple):
        raise TypeError(tuple_message + str(arrays))
    return rec(arrays, 0)
