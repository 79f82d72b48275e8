"""os for a sandboxed program: a copy of the environment (os.environ) and
os.path's string functions. A program has no process or file-system access
through os: files open only under --allow-read/--allow-write (open()), and
environ starts with the variables granted by --allow-env (none by default);
changing it changes the program's copy, never the host's. Setting
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=N" before
`import jax` sets the device count, as it does for JAX on the CPU."""

import _parax
import os.path as path

name = "posix"
sep = "/"
altsep = None
pathsep = ":"
linesep = "\n"
curdir = "."
pardir = ".."
extsep = "."
defpath = "/bin:/usr/bin"
devnull = "/dev/null"
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2


def _check_str(what, v):
    if not isinstance(v, str):
        raise TypeError(what + " expected, not " + type(v).__name__)


class _Environ:
    """os.environ: a str -> str mapping, the program's own copy."""

    def __init__(self, pairs):
        self._data = {}
        for k, v in pairs:
            self._data[k] = v

    def __getitem__(self, key):
        if key not in self._data:
            raise KeyError(key)
        return self._data[key]

    def __setitem__(self, key, value):
        _check_str("str", key)
        _check_str("str", value)
        _parax.environ_changed(key, value)
        self._data[key] = value

    def __delitem__(self, key):
        if key not in self._data:
            raise KeyError(key)
        _parax.environ_changed(key, None)
        del self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __eq__(self, other):
        if isinstance(other, _Environ):
            return self._data == other._data
        return self._data == other

    def __repr__(self):
        return "environ({" + ", ".join(repr(k) + ": " + repr(v) for k, v in self._data.items()) + "})"

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        if key in self._data:
            return self._data[key]
        return default

    def pop(self, key, *default):
        if key in self._data:
            value = self._data[key]
            del self[key]
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def popitem(self):
        if not self._data:
            raise KeyError("popitem(): dictionary is empty")
        key = list(self._data)[-1]
        return key, self.pop(key)

    def setdefault(self, key, default=None):
        if key not in self._data:
            self[key] = default
        return self._data[key]

    def update(self, other=(), **kwargs):
        if hasattr(other, "keys"):
            for k in other.keys():
                self[k] = other[k]
        else:
            for k, v in other:
                self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def clear(self):
        for k in list(self._data):
            del self[k]

    def copy(self):
        return dict(self._data)


environ = _Environ(_parax.environ())


def getenv(key, default=None):
    _check_str("str", key)
    return environ.get(key, default)


def putenv(key, value):
    # The environment of processes a program could start; it starts none.
    # XLA_FLAGS still counts before `import jax`, as XLA reads it.
    _check_str("str", key)
    _check_str("str", value)
    _parax.environ_changed(key, value)


def unsetenv(key):
    _check_str("str", key)
    _parax.environ_changed(key, None)


def getcwd():
    return _parax.getcwd()


def fspath(p):
    if isinstance(p, str):
        return p
    if hasattr(p, "__fspath__"):
        return p.__fspath__()
    raise TypeError("expected str, bytes or os.PathLike object, not " + type(p).__name__)


# The file system, through the sandbox: changes need --allow-write DIR,
# listing and sizes --allow-read DIR (or a write grant), for paths inside DIR.
def remove(path):
    _parax.fs_op("remove", fspath(path))


unlink = remove


def rmdir(path):
    _parax.fs_op("rmdir", fspath(path))


def mkdir(path, mode=0o777, *, dir_fd=None):
    _parax.fs_op("mkdir", fspath(path))


def makedirs(name, mode=0o777, exist_ok=False):
    name = fspath(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def listdir(path="."):
    return _parax.fs_op("listdir", fspath(path))


def rename(src, dst):
    _parax.fs_rename(fspath(src), fspath(dst))


replace = rename
