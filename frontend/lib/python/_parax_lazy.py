# Modules the Python halves of jax.* use, imported on first use: a Python
# half that imports another jax module while it loads nests the loads (and
# the native stack) deeply, or reloads itself. One copy, shared by all.


class LazyModule:
    def __init__(self, load):
        self._load = load
        self._mod = None

    def __getattr__(self, name):
        if self._mod is None:
            self._mod = self._load()
        return getattr(self._mod, name)


def _load_jax():
    import jax as m
    return m


def _load_lax():
    import jax.lax as m
    return m


def _load_tree_util():
    import jax.tree_util as m
    return m


jax = LazyModule(_load_jax)
lax = LazyModule(_load_lax)
tree_util = LazyModule(_load_tree_util)
