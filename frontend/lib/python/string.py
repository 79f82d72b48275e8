"""string: the character-class constants, capwords and Template ($name,
${name}, $$), as CPython's string module."""

whitespace = " \t\n\r\x0b\x0c"
ascii_lowercase = "abcdefghijklmnopqrstuvwxyz"
ascii_uppercase = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ascii_letters = ascii_lowercase + ascii_uppercase
digits = "0123456789"
hexdigits = digits + "abcdef" + "ABCDEF"
octdigits = "01234567"
punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or " ").join(word.capitalize() for word in s.split(sep))


def _is_ident_start(c):
    return c == "_" or ("a" <= c <= "z") or ("A" <= c <= "Z")


def _is_ident_char(c):
    return _is_ident_start(c) or ("0" <= c <= "9")


class Template:
    """$-substitution: $identifier, ${identifier}, $$ for a dollar."""

    delimiter = "$"

    def __init__(self, template):
        self.template = template

    def _scan(self, mapping, safe):
        t = self.template
        d = self.delimiter
        out = []
        i = 0
        n = len(t)
        while i < n:
            j = t.find(d, i)
            if j < 0:
                out.append(t[i:])
                break
            out.append(t[i:j])
            k = j + len(d)
            if t.startswith(d, k):
                out.append(d)
                i = k + len(d)
                continue
            if k < n and t[k] == "{":
                end = t.find("}", k + 1)
                name = t[k + 1:end] if end >= 0 else ""
                if end >= 0 and name and _is_ident_start(name[0]) and all(
                        _is_ident_char(c) for c in name):
                    if name in mapping:
                        out.append(str(mapping[name]))
                    elif safe:
                        out.append(t[j:end + 1])
                    else:
                        raise KeyError(name)
                    i = end + 1
                    continue
            elif k < n and _is_ident_start(t[k]):
                e = k
                while e < n and _is_ident_char(t[e]):
                    e += 1
                name = t[k:e]
                if name in mapping:
                    out.append(str(mapping[name]))
                elif safe:
                    out.append(t[j:e])
                else:
                    raise KeyError(name)
                i = e
                continue
            if safe:
                out.append(d)
                i = k
                continue
            lines = t[:j].split("\n")
            raise ValueError("Invalid placeholder in string: line %d, col %d" %
                             (len(lines), len(lines[-1]) + 1))
        return "".join(out)

    def _mapping(self, mapping, kws):
        if mapping is None:
            return kws
        if kws:
            merged = dict(mapping)
            merged.update(kws)
            return merged
        return mapping

    def substitute(self, mapping=None, **kws):
        return self._scan(self._mapping(mapping, kws), False)

    def safe_substitute(self, mapping=None, **kws):
        return self._scan(self._mapping(mapping, kws), True)

    def get_identifiers(self):
        ids = []
        t = self.template
        i = 0
        while True:
            j = t.find(self.delimiter, i)
            if j < 0:
                return ids
            k = j + 1
            if t.startswith("$", k):
                i = k + 1
                continue
            if k < len(t) and t[k] == "{":
                end = t.find("}", k)
                name = t[k + 1:end]
                i = end + 1
            else:
                e = k
                while e < len(t) and _is_ident_char(t[e]):
                    e += 1
                name = t[k:e]
                i = max(e, k)
            if name and name not in ids:
                ids.append(name)

    def is_valid(self):
        try:
            self._scan({}, False)
        except KeyError:
            return True
        except ValueError:
            return False
        return True
