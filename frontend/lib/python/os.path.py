"""os.path (POSIX): string functions on paths. exists/isfile/isdir see only
what the directories granted by --allow-read/--allow-write hold; nothing
here reads a file."""

import _parax

sep = "/"
curdir = "."
pardir = ".."
extsep = "."
altsep = None
pathsep = ":"
defpath = "/bin:/usr/bin"
devnull = "/dev/null"
supports_unicode_filenames = False


def _str(p, fn):
    if not isinstance(p, str):
        raise TypeError(fn + "() argument must be str, not " + type(p).__name__)
    return p


def normcase(s):
    return _str(s, "normcase")


def isabs(s):
    return _str(s, "isabs").startswith("/")


def join(a, *p):
    result = _str(a, "join")
    for part in p:
        part = _str(part, "join")
        if part.startswith("/"):
            result = part
        elif result == "" or result.endswith("/"):
            result = result + part
        else:
            result = result + "/" + part
    return result


def split(p):
    p = _str(p, "split")
    cut = p.rfind("/") + 1
    head = p[:cut]
    tail = p[cut:]
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head, tail


def splitext(p):
    p = _str(p, "splitext")
    slash = p.rfind("/")
    dot = p.rfind(".")
    if dot > slash:
        # leading dots of the file name do not start an extension (".bashrc")
        k = slash + 1
        while k < dot:
            if p[k] != ".":
                return p[:dot], p[dot:]
            k += 1
    return p, ""


def splitdrive(p):
    return "", _str(p, "splitdrive")


def basename(p):
    return split(p)[1]


def dirname(p):
    return split(p)[0]


def normpath(path):
    path = _str(path, "normpath")
    if path == "":
        return "."
    lead = 0
    while lead < len(path) and path[lead] == "/":
        lead += 1
    # POSIX keeps exactly two leading slashes; one or three and more are one
    prefix = "//" if lead == 2 else ("/" if lead else "")
    parts = []
    for comp in path.split("/"):
        if comp == "" or comp == ".":
            continue
        if comp == "..":
            if parts and parts[-1] != "..":
                parts.pop()
            elif not prefix:
                parts.append(comp)
            continue
        parts.append(comp)
    out = prefix + "/".join(parts)
    return out if out else "."


def abspath(path):
    path = _str(path, "abspath")
    if not path.startswith("/"):
        path = join(_parax.getcwd(), path)
    return normpath(path)


def realpath(path, *, strict=False):
    # parax shows no symlinks of the host: the lexical absolute path.
    return abspath(path)


def relpath(path, start=None):
    path = _str(path, "relpath")
    if not path:
        raise ValueError("no path specified")
    start = curdir if start is None else _str(start, "relpath")
    a = [c for c in abspath(start).split("/") if c]
    b = [c for c in abspath(path).split("/") if c]
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    rest = [pardir] * (len(a) - n) + b[n:]
    return join(*rest) if rest else curdir


def commonprefix(m):
    if not m:
        return ""
    lo = min(m)
    hi = max(m)
    for i in range(len(lo)):
        if lo[i] != hi[i]:
            return lo[:i]
    return lo


def commonpath(paths):
    paths = list(paths)
    if not paths:
        raise ValueError("commonpath() arg is an empty sequence")
    absolute = [p.startswith("/") for p in paths]
    if any(absolute) and not all(absolute):
        raise ValueError("Can't mix absolute and relative paths")
    split_paths = [[c for c in p.split("/") if c and c != "."] for p in paths]
    lo = min(split_paths)
    hi = max(split_paths)
    common = lo
    for i in range(len(lo)):
        if lo[i] != hi[i]:
            common = lo[:i]
            break
    return ("/" if absolute[0] else "") + "/".join(common)


def exists(path):
    return isinstance(path, str) and _parax.path_kind(path) != 0


def lexists(path):
    return exists(path)


def isfile(path):
    return isinstance(path, str) and _parax.path_kind(path) == 1


def isdir(path):
    return isinstance(path, str) and _parax.path_kind(path) == 2


def islink(path):
    return False


def ismount(path):
    return normpath(abspath(path)) == "/"


def expanduser(path):
    path = _str(path, "expanduser")
    if not path.startswith("~"):
        return path
    import os
    cut = path.find("/", 1)
    if cut < 0:
        cut = len(path)
    if cut != 1 or "HOME" not in os.environ:
        return path
    home = os.environ["HOME"].rstrip("/")
    return (home + path[cut:]) or "/"


def expandvars(path):
    path = _str(path, "expandvars")
    if "$" not in path:
        return path
    import os
    out = ""
    i = 0
    n = len(path)
    while i < n:
        c = path[i]
        if c != "$":
            out += c
            i += 1
            continue
        if i + 1 < n and path[i + 1] == "{":
            end = path.find("}", i + 2)
            if end < 0:
                out += path[i:]
                break
            name = path[i + 2:end]
            after = end + 1
        else:
            j = i + 1
            while j < n and (path[j].isalnum() or path[j] == "_"):
                j += 1
            name = path[i + 1:j]
            after = j
        if name and name in os.environ:
            out += os.environ[name]
        else:
            out += path[i:after]
        i = after
    return out


def getsize(path):
    return _parax.fs_op("size", path)
