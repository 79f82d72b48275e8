"""textwrap: dedent, indent, wrap, fill, shorten. wrap breaks lines at
white space only (CPython also breaks after hyphens in words)."""


def dedent(text):
    lines = text.split("\n")
    margin = None
    for line in lines:
        stripped = line.lstrip(" \t")
        if not stripped:
            continue
        indent = line[:len(line) - len(stripped)]
        if margin is None:
            margin = indent
        elif not indent.startswith(margin):
            k = 0
            while k < len(margin) and k < len(indent) and margin[k] == indent[k]:
                k += 1
            margin = margin[:k]
    out = []
    for line in lines:
        if not line.strip(" \t"):
            out.append("")
        elif margin:
            out.append(line[len(margin):])
        else:
            out.append(line)
    return "\n".join(out)


def indent(text, prefix, predicate=None):
    out = []
    for line in text.splitlines(True):
        if (predicate(line) if predicate is not None else line.strip()):
            out.append(prefix + line)
        else:
            out.append(line)
    return "".join(out)


class TextWrapper:
    def __init__(self, width=70, initial_indent="", subsequent_indent="", expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=" [...]"):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.break_long_words = break_long_words
        self.tabsize = tabsize
        self.expand_tabs = expand_tabs
        self.max_lines = max_lines
        self.placeholder = placeholder

    def wrap(self, text):
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize) if hasattr(text, "expandtabs") else text
        words = text.split()
        lines = []
        cur = []
        cur_len = 0
        while words:
            indent = self.subsequent_indent if lines else self.initial_indent
            room = self.width - len(indent)
            word = words[0]
            extra = len(word) + (1 if cur else 0)
            if cur_len + extra <= room:
                cur.append(word)
                cur_len += extra
                words.pop(0)
                continue
            if not cur and self.break_long_words and room > 0:
                cur.append(word[:room])
                words[0] = word[room:]
                cur_len = room
            elif not cur:
                cur.append(word)
                words.pop(0)
            if self.max_lines is not None and len(lines) + 1 >= self.max_lines and words:
                break
            lines.append(indent + " ".join(cur))
            cur = []
            cur_len = 0
        if cur:
            indent = self.subsequent_indent if lines else self.initial_indent
            if self.max_lines is not None and len(lines) + 1 >= self.max_lines and words:
                line = " ".join(cur)
                while line and len(indent) + len(line) + len(self.placeholder) > self.width:
                    cut = line.rfind(" ")
                    line = line[:cut] if cut > 0 else ""
                lines.append(indent + line + self.placeholder if line else
                             indent + self.placeholder.lstrip())
            else:
                lines.append(indent + " ".join(cur))
        return lines

    def fill(self, text):
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(" ".join(text.strip().split()))
