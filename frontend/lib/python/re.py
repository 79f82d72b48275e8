"""re: regular expressions with Python's syntax and semantics. The engine is
native (frontend/lib/Regex.cpp, the module _regex); this file is the API:
compile and the module functions, Pattern and Match objects, the flags,
sub's templates, split, escape and re.error."""

import _regex

__all__ = ["match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
           "compile", "purge", "escape", "error", "Pattern", "Match", "A", "I", "L", "M",
           "S", "X", "U", "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE",
           "UNICODE", "NOFLAG", "RegexFlag"]


class RegexFlag(int):
    _names = [(256, "ASCII"), (2, "IGNORECASE"), (4, "LOCALE"), (32, "UNICODE"),
              (8, "MULTILINE"), (16, "DOTALL"), (64, "VERBOSE"), (1, "TEMPLATE"),
              (128, "DEBUG")]
    _order = [1, 2, 4, 8, 16, 32, 64, 128, 256]

    def __repr__(self):
        v = int(self)
        if v == 0:
            return "re.NOFLAG"
        names = dict(RegexFlag._names)
        parts = []
        for bit in RegexFlag._order:
            if v & bit:
                parts.append("re." + names[bit])
                v &= ~bit
        if v:
            parts.append(hex(v))
        return "|".join(parts)

    __str__ = __repr__

    def __or__(self, other):
        return RegexFlag(int(self) | int(other))

    __ror__ = __or__

    def __and__(self, other):
        return RegexFlag(int(self) & int(other))

    __rand__ = __and__

    def __xor__(self, other):
        return RegexFlag(int(self) ^ int(other))

    def __invert__(self):
        return RegexFlag(~int(self) & 511)


NOFLAG = RegexFlag(0)
TEMPLATE = T = RegexFlag(1)
IGNORECASE = I = RegexFlag(2)
LOCALE = L = RegexFlag(4)
MULTILINE = M = RegexFlag(8)
DOTALL = S = RegexFlag(16)
UNICODE = U = RegexFlag(32)
VERBOSE = X = RegexFlag(64)
DEBUG = RegexFlag(128)
ASCII = A = RegexFlag(256)


class error(Exception):
    """A pattern (or replacement template) that is not valid."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            newline = "\n" if isinstance(pattern, str) else b"\n"
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


PatternError = error


class Match:
    def __init__(self, pattern, string, pos, endpos, found):
        spans, lastindex, groups = found
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self._spans = spans
        self._groups = groups
        self.lastindex = lastindex if lastindex >= 0 else None

    @property
    def lastgroup(self):
        if self.lastindex is None:
            return None
        for name, index in self.re.groupindex.items():
            if index == self.lastindex:
                return name
        return None

    def _index(self, g):
        if isinstance(g, str):
            index = self.re.groupindex.get(g)
            if index is None:
                raise IndexError("no such group")
            return index
        if isinstance(g, bool) or not isinstance(g, int):
            try:
                g = g.__index__()
            except AttributeError:
                raise IndexError("no such group")
        if g < 0 or g > self.re.groups:
            raise IndexError("no such group")
        return g

    def group(self, *args):
        if not args:
            return self._groups[0]
        if len(args) == 1:
            return self._groups[self._index(args[0])]
        return tuple(self._groups[self._index(g)] for g in args)

    def __getitem__(self, g):
        return self._groups[self._index(g)]

    def groups(self, default=None):
        return tuple(default if v is None else v for v in self._groups[1:])

    def groupdict(self, default=None):
        out = {}
        for name, index in self.re.groupindex.items():
            v = self._groups[index]
            out[name] = default if v is None else v
        return out

    def start(self, group=0):
        return self._spans[2 * self._index(group)]

    def end(self, group=0):
        return self._spans[2 * self._index(group) + 1]

    def span(self, group=0):
        i = self._index(group)
        return (self._spans[2 * i], self._spans[2 * i + 1])

    @property
    def regs(self):
        return tuple((self._spans[2 * i], self._spans[2 * i + 1])
                     for i in range(self.re.groups + 1))

    def expand(self, template):
        return "".join(_expand(self.re, _parse_template(self.re, template), self))

    def __bool__(self):
        return True

    def __repr__(self):
        return "<re.Match object; span=%r, match=%r>" % (self.span(), self.group())

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class Pattern:
    def __init__(self, pattern, flags):
        compiled = _regex.compile(pattern, int(flags))
        if isinstance(compiled, tuple):
            raise error(compiled[0], pattern, compiled[1])
        self._native = compiled
        self.pattern = pattern
        self.flags = compiled.flags
        self.groups = compiled.groups
        self.groupindex = compiled.groupindex

    def _run(self, string, pos, endpos, anchor):
        endpos = len(string) if endpos is None else endpos
        found = self._native.match(string, pos, endpos, anchor, False)
        if found is None:
            return None
        return Match(self, string, max(0, min(pos, len(string))),
                     max(0, min(endpos, len(string))), found)

    def match(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, 1)

    def fullmatch(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, 2)

    def search(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, 0)

    def _scan(self, string, pos=0, endpos=None, limit=0):
        endpos = len(string) if endpos is None else endpos
        return self._native.scan(string, pos, endpos, limit)

    def finditer(self, string, pos=0, endpos=None):
        end = len(string) if endpos is None else endpos
        return iter([Match(self, string, pos, end, f) for f in self._scan(string, pos, endpos)])

    def findall(self, string, pos=0, endpos=None):
        out = []
        for spans, last, groups in self._scan(string, pos, endpos):
            if self.groups == 0:
                out.append(groups[0])
            elif self.groups == 1:
                out.append(groups[1] if groups[1] is not None else "")
            else:
                out.append(tuple(g if g is not None else "" for g in groups[1:]))
        return out

    def split(self, string, maxsplit=0):
        if not isinstance(string, str):
            raise TypeError("expected string or bytes-like object, got '%s'" %
                            type(string).__name__)
        found, gaps = self._native.pieces(string, 0, len(string), max(maxsplit, 0))
        out = [gaps[0]]
        for i in range(len(found)):
            out.extend(found[i][2][1:])
            out.append(gaps[i + 1])
        return out

    def subn(self, repl, string, count=0):
        if not isinstance(string, str):
            raise TypeError("expected string or bytes-like object, got '%s'" %
                            type(string).__name__)
        if callable(repl):
            func = repl
            template = None
        else:
            if not isinstance(repl, str):
                raise TypeError("expected str instance, %s found" % type(repl).__name__)
            template = _parse_template(self, repl)
            func = None
        found, gaps = self._native.pieces(string, 0, len(string), max(count, 0))
        pieces = [gaps[0]]
        for i in range(len(found)):
            if func is not None:
                r = func(Match(self, string, 0, len(string), found[i]))
                if not isinstance(r, str):
                    raise TypeError("expected str instance, %s found" % type(r).__name__)
                pieces.append(r)
            else:
                groups = found[i][2]
                for item in template:
                    if isinstance(item, str):
                        pieces.append(item)
                    else:
                        v = groups[item]
                        pieces.append(v if v is not None else "")
            pieces.append(gaps[i + 1])
        return "".join(pieces), len(found)

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def scanner(self, string, pos=0, endpos=None):
        raise NotImplementedError("Pattern.scanner is not supported by parax; use finditer")

    def __repr__(self):
        flags = int(self.flags) & ~32  # UNICODE is the default for str patterns
        text = repr(self.pattern)
        if len(text) > 200:
            text = text[:200]
        if flags:
            return "re.compile(%s, %r)" % (text, RegexFlag(flags))
        return "re.compile(%s)" % text

    def __eq__(self, other):
        return (isinstance(other, Pattern) and self.pattern == other.pattern and
                int(self.flags) == int(other.flags))

    def __hash__(self):
        return hash((self.pattern, int(self.flags)))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a", "b": "\b",
            "\\": "\\"}


def _parse_template(pattern, repl):
    """A replacement template as a list of strings and group indices."""
    items = []
    literal = []
    i = 0
    n = len(repl)
    while i < n:
        c = repl[i]
        if c != "\\":
            literal.append(c)
            i += 1
            continue
        if i + 1 >= n:
            raise error("bad escape (end of pattern)", repl, i)
        d = repl[i + 1]
        if d == "g":
            if i + 2 >= n or repl[i + 2] != "<":
                raise error("missing <", repl, i + 2)
            close = repl.find(">", i + 3)
            if close < 0:
                raise error("missing >, unterminated name", repl, i + 3)
            name = repl[i + 3:close]
            if not name:
                raise error("missing group name", repl, i + 3)
            if name.isdigit():
                index = int(name)
                if index > pattern.groups:
                    raise error("invalid group reference %d" % index, repl, i + 3)
            elif name.isidentifier():
                if name not in pattern.groupindex:
                    raise IndexError("unknown group name '%s'" % name)
                index = pattern.groupindex[name]
            else:
                raise error("bad character in group name '%s'" % name, repl, i + 3)
            items.append("".join(literal))
            literal = []
            items.append(index)
            i = close + 1
            continue
        if d.isdigit() and d in "0123456789":
            j = i + 1
            if d == "0":
                # \0 and up to two more octal digits: a character
                k = j + 1
                while k < n and k < j + 3 and repl[k] in "01234567":
                    k += 1
                literal.append(chr(int(repl[j:k], 8)))
                i = k
                continue
            k = j + 1
            if k < n and repl[k] in "0123456789":
                if (k + 1 < n and d in "01234567" and repl[k] in "01234567" and
                        repl[k + 1] in "01234567"):
                    value = int(repl[j:k + 2], 8)
                    if value > 0o377:
                        raise error("octal escape value \\%s outside of range 0-0o377" %
                                    repl[j:k + 2], repl, i)
                    literal.append(chr(value))
                    i = k + 2
                    continue
                k += 1
            index = int(repl[j:k])
            if index > pattern.groups:
                raise error("invalid group reference %d" % index, repl, j)
            items.append("".join(literal))
            literal = []
            items.append(index)
            i = k
            continue
        if d in _ESCAPES and d != "b":
            literal.append(_ESCAPES[d])
            i += 2
            continue
        if ("a" <= d <= "z") or ("A" <= d <= "Z"):
            raise error("bad escape \\%s" % d, repl, i)
        literal.append("\\" + d)
        i += 2
    items.append("".join(literal))
    return items


def _expand(pattern, template, m):
    out = []
    for item in template:
        if isinstance(item, str):
            out.append(item)
        else:
            v = m.group(item)
            out.append(v if v is not None else "")
    return out


_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(flags, RegexFlag):
        flags = int(flags)
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, str):
        raise TypeError("first argument must be string or compiled pattern")
    key = (pattern, flags)
    p = _cache.get(key)
    if p is None:
        p = Pattern(pattern, flags)
        if len(_cache) >= _MAXCACHE:
            _cache.clear()
        _cache[key] = p
    return p


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def purge():
    _cache.clear()


_SPECIAL = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f"


def escape(pattern):
    if not isinstance(pattern, str):
        raise TypeError("escape() argument must be str")
    return "".join("\\" + c if c in _SPECIAL else c for c in pattern)
