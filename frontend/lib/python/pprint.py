"""pprint: pprint, pformat, pp, PrettyPrinter - CPython's layout for
dicts, lists and tuples (one item per line when the repr is wider than
`width`, dict keys sorted unless sort_dicts=False). Long strings are not
split into pieces as CPython splits them."""

import sys


def _items(d, sort_dicts):
    items = list(d.items())
    if sort_dicts:
        try:
            items = sorted(items, key=lambda kv: kv[0])
        except TypeError:
            items = sorted(items, key=lambda kv: (type(kv[0]).__name__, repr(kv[0])))
    return items


def _safe_repr(obj, sort_dicts):
    if isinstance(obj, dict) and type(obj).__name__ == "dict":
        if not obj:
            return "{}"
        return "{" + ", ".join(_safe_repr(k, sort_dicts) + ": " + _safe_repr(v, sort_dicts)
                               for k, v in _items(obj, sort_dicts)) + "}"
    if isinstance(obj, list):
        return "[" + ", ".join(_safe_repr(x, sort_dicts) for x in obj) + "]"
    if isinstance(obj, tuple) and type(obj).__name__ == "tuple":
        if len(obj) == 1:
            return "(" + _safe_repr(obj[0], sort_dicts) + ",)"
        return "(" + ", ".join(_safe_repr(x, sort_dicts) for x in obj) + ")"
    return repr(obj)


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *, compact=False,
                 sort_dicts=True, underscore_numbers=False):
        self._indent = indent
        self._width = width
        self._depth = depth
        self._stream = stream
        self._compact = compact
        self._sort_dicts = sort_dicts

    def pformat(self, obj):
        out = []
        self._format(obj, 0, 0, out, 0)
        return "".join(out)

    def pprint(self, obj):
        stream = self._stream if self._stream is not None else sys.stdout
        stream.write(self.pformat(obj) + "\n")

    def isreadable(self, obj):
        return True

    def isrecursive(self, obj):
        return False

    def _format(self, obj, indent, allowance, out, level):
        rep = _safe_repr(obj, self._sort_dicts)
        if len(rep) <= self._width - indent - allowance:
            out.append(rep)
            return
        if self._depth is not None and level >= self._depth:
            out.append(rep)
            return
        if isinstance(obj, dict) and obj:
            out.append("{")
            self._dict_items(_items(obj, self._sort_dicts), indent, allowance + 1, out, level)
            out.append("}")
        elif isinstance(obj, list) and obj:
            out.append("[")
            self._seq_items(obj, indent, allowance + 1, out, level)
            out.append("]")
        elif isinstance(obj, tuple) and obj:
            end = ",)" if len(obj) == 1 else ")"
            out.append("(")
            self._seq_items(obj, indent, allowance + len(end), out, level)
            out.append(end)
        else:
            out.append(rep)

    def _dict_items(self, items, indent, allowance, out, level):
        indent += self._indent
        sep = ",\n" + " " * indent
        last = len(items) - 1
        for i, (k, v) in enumerate(items):
            krep = _safe_repr(k, self._sort_dicts)
            out.append(krep + ": ")
            self._format(v, indent + len(krep) + 2, allowance if i == last else 1, out, level + 1)
            if i != last:
                out.append(sep)

    def _seq_items(self, items, indent, allowance, out, level):
        indent += self._indent
        sep = ",\n" + " " * indent
        last = len(items) - 1
        if self._compact:
            width = self._width - indent
            line = ""
            for i, x in enumerate(items):
                r = _safe_repr(x, self._sort_dicts)
                w = len(r) + (allowance if i == last else 2)
                if line and len(line) + 2 + w > width:
                    out.append(line + ",\n" + " " * indent)
                    line = r
                else:
                    line = r if not line else line + ", " + r
            out.append(line)
            return
        for i, x in enumerate(items):
            self._format(x, indent, allowance if i == last else 1, out, level + 1)
            if i != last:
                out.append(sep)


def pformat(object, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True,
            underscore_numbers=False):
    return PrettyPrinter(indent=indent, width=width, depth=depth, compact=compact,
                         sort_dicts=sort_dicts).pformat(object)


def pprint(object, stream=None, indent=1, width=80, depth=None, *, compact=False,
           sort_dicts=True, underscore_numbers=False):
    PrettyPrinter(stream=stream, indent=indent, width=width, depth=depth, compact=compact,
                  sort_dicts=sort_dicts).pprint(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    return _safe_repr(object, True)


def isreadable(object):
    return True


def isrecursive(object):
    return False
