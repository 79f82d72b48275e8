"""argparse: ArgumentParser with positional and optional arguments
(type, default, choices, required, nargs N/?/*/+, actions store,
store_const, store_true/false, append, count, help, version), dest and
metavar, parse_args / parse_known_args (sys.argv[1:] by default),
Namespace. Errors print the usage and the message to stderr and exit 2;
-h/--help prints the help and exits 0 (the help layout is simpler than
CPython's)."""

import sys

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
REMAINDER = "..."


class Namespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        return "Namespace(" + ", ".join(
            "%s=%r" % (k, v) for k, v in self.__dict__.items()) + ")"

    def __eq__(self, other):
        return isinstance(other, Namespace) and self.__dict__ == other.__dict__

    def __contains__(self, key):
        return key in self.__dict__


class ArgumentError(Exception):
    def __init__(self, argument, message):
        super().__init__(message)
        self.argument_name = argument
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return "argument %s: %s" % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    pass


class _Action:
    def __init__(self, option_strings, dest, action, nargs, const, default, type, choices,
                 required, help, metavar):
        self.option_strings = option_strings
        self.dest = dest
        self.action = action
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def name(self):
        if self.option_strings:
            return "/".join(self.option_strings)
        return self.metavar or self.dest

    def takes_values(self):
        return self.action in ("store", "append")


class ArgumentParser:
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=(),
                 formatter_class=None, prefix_chars="-", fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler="error", add_help=True,
                 allow_abbrev=True, exit_on_error=True):
        if prog is None:
            prog = sys.argv[0].split("/")[-1] if sys.argv and sys.argv[0] else "prog"
        self.prog = prog
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.argument_default = argument_default
        self.exit_on_error = exit_on_error
        self.allow_abbrev = allow_abbrev
        self._actions = []
        self._defaults = {}
        if add_help:
            self.add_argument("-h", "--help", action="help", help="show this help message and exit")
        for p in parents:
            for a in p._actions:
                if a.action != "help":
                    self._actions.append(a)

    def add_argument(self, *names, action="store", nargs=None, const=None, default=None,
                     type=None, choices=None, required=None, help=None, metavar=None,
                     dest=None, version=None):
        if not names:
            raise ValueError("add_argument() needs a name")
        optional = names[0].startswith("-")
        if optional:
            if dest is None:
                long = [n for n in names if n.startswith("--")]
                dest = (long[0] if long else names[0]).lstrip("-").replace("-", "_")
            if required is None:
                required = False
        else:
            if len(names) > 1:
                raise ValueError("invalid option string %r: must start with a character '-'" %
                                 names[1])
            dest = names[0] if dest is None else dest
            required = nargs not in ("?", "*")
        if action == "store_true":
            const, default = True, (False if default is None else default)
        elif action == "store_false":
            const, default = False, (True if default is None else default)
        elif action == "count" and default is None:
            default = None
        if default is None and self.argument_default is not None:
            default = self.argument_default
        a = _Action(list(names) if optional else [], dest, action, nargs, const, default, type,
                    choices, required, help, metavar)
        a.version = version
        self._actions.append(a)
        return a

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for a in self._actions:
            if a.dest in kwargs:
                a.default = kwargs[a.dest]

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest and a.default is not None:
                return a.default
        return self._defaults.get(dest)

    def add_argument_group(self, title=None, description=None):
        return self

    def add_mutually_exclusive_group(self, required=False):
        return self

    # -- usage and help -------------------------------------------------
    def _metavar(self, a):
        if a.metavar is not None:
            return a.metavar
        if a.choices is not None:
            return "{" + ",".join(str(c) for c in a.choices) + "}"
        return a.dest.upper() if a.option_strings else a.dest

    def _arg_text(self, a):
        m = self._metavar(a)
        if a.nargs == "?":
            return "[%s]" % m
        if a.nargs == "*":
            return "[%s ...]" % m
        if a.nargs == "+":
            return "%s [%s ...]" % (m, m)
        if isinstance(a.nargs, int):
            return " ".join([m] * a.nargs)
        return m

    def format_usage(self):
        if self.usage is not None:
            return "usage: " + self.usage.replace("%(prog)s", self.prog) + "\n"
        parts = [self.prog]
        for a in self._actions:
            if a.option_strings:
                text = a.option_strings[0]
                if a.takes_values():
                    text += " " + self._arg_text(a)
                parts.append(text if a.required else "[" + text + "]")
        for a in self._actions:
            if not a.option_strings:
                parts.append(self._arg_text(a))
        return "usage: " + " ".join(parts) + "\n"

    def format_help(self):
        out = self.format_usage()
        if self.description:
            out += "\n" + self.description + "\n"
        positionals = [a for a in self._actions if not a.option_strings]
        optionals = [a for a in self._actions if a.option_strings]
        if positionals:
            out += "\npositional arguments:\n"
            for a in positionals:
                out += self._help_line(self._metavar(a), a)
        if optionals:
            out += "\noptions:\n"
            for a in optionals:
                names = ", ".join(n + (" " + self._arg_text(a) if a.takes_values() else "")
                                  for n in a.option_strings)
                out += self._help_line(names, a)
        if self.epilog:
            out += "\n" + self.epilog + "\n"
        return out

    def _help_line(self, name, a):
        text = (a.help or "")
        if text == SUPPRESS:
            return ""
        text = text.replace("%(default)s", str(a.default)).replace("%(prog)s", self.prog)
        line = "  " + name
        if not text:
            return line + "\n"
        if len(line) <= 22:
            return line + " " * (24 - len(line)) + text + "\n"
        return line + "\n" + " " * 24 + text + "\n"

    def print_usage(self, file=None):
        (file or sys.stdout).write(self.format_usage())

    def print_help(self, file=None):
        (file or sys.stdout).write(self.format_help())

    def exit(self, status=0, message=None):
        if message:
            sys.stderr.write(message)
        sys.exit(status)

    def error(self, message):
        sys.stderr.write(self.format_usage())
        self.exit(2, "%s: error: %s\n" % (self.prog, message))

    # -- parsing --------------------------------------------------------
    def _convert(self, a, text):
        if a.type is None:
            value = text
        else:
            try:
                value = a.type(text)
            except ArgumentTypeError as e:
                raise ArgumentError(a.name(), str(e))
            except (TypeError, ValueError):
                tname = getattr(a.type, "__name__", repr(a.type))
                raise ArgumentError(a.name(), "invalid %s value: %r" % (tname, text))
        if a.choices is not None and value not in a.choices:
            raise ArgumentError(a.name(), "invalid choice: %r (choose from %s)" % (
                value, ", ".join(repr(c) for c in a.choices)))
        return value

    def _find_option(self, arg):
        exact = [a for a in self._actions if arg in a.option_strings]
        if exact:
            return exact[0]
        if self.allow_abbrev and arg.startswith("--"):
            hits = [a for a in self._actions for n in a.option_strings
                    if n.startswith("--") and n.startswith(arg)]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                names = ", ".join(n for a in hits for n in a.option_strings
                                  if n.startswith(arg))
                raise ArgumentError(None, "ambiguous option: %s could match %s" % (arg, names))
        return None

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = sys.argv[1:]
        args = list(args)
        ns = namespace if namespace is not None else Namespace()
        try:
            extras = self._parse(args, ns)
        except ArgumentError as e:
            if not self.exit_on_error:
                raise
            self.error(str(e))
        return ns, extras

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error("unrecognized arguments: %s" % " ".join(extras))
        return ns

    def _parse(self, args, ns):
        for a in self._actions:
            if a.action in ("help", "version"):
                continue
            if not hasattr(ns, a.dest):
                default = a.default
                if isinstance(default, str) and a.takes_values() and a.option_strings:
                    default = self._convert(a, default) if a.type is not None else default
                setattr(ns, a.dest, default)
        for k, v in self._defaults.items():
            if not hasattr(ns, k):
                setattr(ns, k, v)
        positionals = [a for a in self._actions if not a.option_strings]
        pos_values = []
        extras = []
        seen = []
        i = 0
        only_positional = False
        while i < len(args):
            arg = args[i]
            if only_positional or arg == "-" or not arg.startswith("-") or \
                    _looks_negative(arg) and not self._has_negative_options():
                pos_values.append(arg)
                i += 1
                continue
            if arg == "--":
                only_positional = True
                i += 1
                continue
            explicit = None
            name = arg
            if arg.startswith("--") and "=" in arg:
                name, explicit = arg.split("=", 1)
            elif not arg.startswith("--") and len(arg) > 2:
                name, explicit = arg[:2], arg[2:]
            a = self._find_option(name)
            if a is None:
                extras.append(arg)
                i += 1
                continue
            if explicit is not None and not arg.startswith("--") and \
                    a.action in ("store_true", "store_false", "store_const", "count"):
                # -vq: flags combined; the rest of the word is more of them
                args.insert(i + 1, "-" + explicit)
                explicit = None
            seen.append(a)
            i += 1
            if a.action == "help":
                self.print_help()
                self.exit(0)
            if a.action == "version":
                sys.stdout.write(str(a.version).replace("%(prog)s", self.prog) + "\n")
                self.exit(0)
            if a.action in ("store_true", "store_false", "store_const"):
                if explicit is not None:
                    raise ArgumentError(a.name(), "ignored explicit argument %r" % explicit)
                setattr(ns, a.dest, a.const)
                continue
            if a.action == "count":
                setattr(ns, a.dest, (getattr(ns, a.dest) or 0) + 1)
                continue
            if a.action == "append_const":
                setattr(ns, a.dest, (getattr(ns, a.dest) or []) + [a.const])
                continue
            values = []
            if explicit is not None:
                values = [explicit]
            else:
                want = a.nargs
                while i < len(args) and (not args[i].startswith("-") or args[i] == "-" or
                                         _looks_negative(args[i])):
                    if want is None and values:
                        break
                    if isinstance(want, int) and len(values) >= want:
                        break
                    if want == "?" and values:
                        break
                    values.append(args[i])
                    i += 1
            value = self._consume(a, values)
            if a.action == "append":
                current = getattr(ns, a.dest)
                setattr(ns, a.dest, (list(current) if current else []) + [value])
            else:
                setattr(ns, a.dest, value)
        self._assign_positionals(positionals, pos_values, ns, extras)
        missing = [a.name() for a in self._actions
                   if a.required and a.option_strings and a not in seen]
        if missing:
            raise ArgumentError(None, "the following arguments are required: %s" %
                                ", ".join(missing))
        return extras

    def _has_negative_options(self):
        return any(_looks_negative(n) for a in self._actions for n in a.option_strings)

    def _consume(self, a, values):
        n = a.nargs
        if n is None:
            if not values:
                raise ArgumentError(a.name(), "expected one argument")
            return self._convert(a, values[0])
        if n == "?":
            return self._convert(a, values[0]) if values else a.const
        if n == "*":
            return [self._convert(a, v) for v in values]
        if n == "+":
            if not values:
                raise ArgumentError(a.name(), "expected at least one argument")
            return [self._convert(a, v) for v in values]
        if isinstance(n, int):
            if len(values) != n:
                raise ArgumentError(a.name(), "expected %d argument%s" % (n, "s" if n != 1 else ""))
            return [self._convert(a, v) for v in values]
        return values

    def _assign_positionals(self, positionals, values, ns, extras):
        missing = []
        for k, a in enumerate(positionals):
            rest_needed = sum(1 for b in positionals[k + 1:] if b.nargs in (None, "+") or
                              isinstance(b.nargs, int))
            n = a.nargs
            if n is None:
                if not values:
                    missing.append(a.name())
                    continue
                setattr(ns, a.dest, self._convert(a, values.pop(0)))
            elif isinstance(n, int):
                if len(values) < n:
                    missing.append(a.name())
                    continue
                setattr(ns, a.dest, [self._convert(a, v) for v in values[:n]])
                values = values[n:]
            elif n == "?":
                if len(values) > rest_needed:
                    setattr(ns, a.dest, self._convert(a, values.pop(0)))
                else:
                    setattr(ns, a.dest, a.default)
            elif n in ("*", "+", "..."):
                take = max(0, len(values) - rest_needed)
                if n == "+" and take == 0:
                    missing.append(a.name())
                    continue
                setattr(ns, a.dest, [self._convert(a, v) for v in values[:take]] if take or
                        a.default is None else a.default)
                values = values[take:]
        if missing:
            raise ArgumentError(None, "the following arguments are required: %s" %
                                ", ".join(missing))
        extras.extend(values)


def _looks_negative(arg):
    if not arg.startswith("-") or len(arg) < 2:
        return False
    try:
        float(arg)
        return True
    except ValueError:
        return False


class HelpFormatter:
    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        self.prog = prog


RawDescriptionHelpFormatter = HelpFormatter
RawTextHelpFormatter = HelpFormatter
ArgumentDefaultsHelpFormatter = HelpFormatter


class FileType:
    def __init__(self, mode="r", bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._encoding = encoding
        self.__name__ = "FileType"

    def __call__(self, string):
        if string == "-":
            return sys.stdout if "w" in self._mode else None
        return open(string, self._mode, encoding=self._encoding)
