"""warnings: warn() prints "file:line: Category: message" and the source
line to sys.stderr, as CPython does, once per place by default; filters
(simplefilter, filterwarnings: default, always, once, module, ignore,
error) and catch_warnings(record=True). A message filter matches the start
of the message, case-insensitively (parax has no re module: regex
metacharacters other than a trailing .* are matched literally)."""

import _parax
import sys


class WarningMessage:
    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, line : %r}" %
                (self.message, self._category_name, self.filename, self.lineno, self.line))


filters = []
defaultaction = "default"
onceregistry = {}
_registry = {}
_default_filters = [
    ("ignore", None, PendingDeprecationWarning, None, 0),
    ("ignore", None, ImportWarning, None, 0),
    ("ignore", None, ResourceWarning, None, 0),
]

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")


def _check_action(action):
    if action not in _ACTIONS:
        raise AssertionError("invalid action: " + repr(action))


def formatwarning(message, category, filename, lineno, line=None):
    s = "%s:%s: %s: %s\n" % (filename, lineno, category.__name__, message)
    if line:
        s += "  %s\n" % line.strip()
    return s


def _showwarnmsg_impl(msg):
    text = formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    f = msg.file if msg.file is not None else sys.stderr
    if f is None:
        return
    f.write(text)


def showwarning(message, category, filename, lineno, file=None, line=None):
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno, file, line))


def simplefilter(action, category=Warning, lineno=0, append=False):
    _check_action(action)
    _add_filter((action, None, category, None, lineno), append)


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    _check_action(action)
    _add_filter((action, message.lower() if message else None, category, module or None,
                 lineno), append)


def _add_filter(item, append):
    if item in filters:
        filters.remove(item)
    if append:
        filters.append(item)
    else:
        filters.insert(0, item)
    _clear(_registry)


def _clear(d):
    for k in list(d):
        del d[k]


def resetwarnings():
    filters.clear()
    _clear(_registry)


def _matches(pattern, text):
    if pattern is None:
        return True
    if pattern.endswith(".*"):
        pattern = pattern[:-2]
    return text.lower().startswith(pattern)


def _action_for(text, category, module, lineno):
    for action, msg, cat, mod, ln in filters + _default_filters:
        if (_matches(msg, text) and issubclass(category, cat) and
                (mod is None or mod == module) and (ln == 0 or ln == lineno)):
            return action
    return defaultaction


def warn(message, category=None, stacklevel=1, source=None, *, skip_file_prefixes=()):
    if isinstance(message, Warning):
        category = type(message)
    if category is None:
        category = UserWarning
    try:
        ok = issubclass(category, Warning)
    except TypeError:
        ok = False
    if not ok:
        raise TypeError("category must be a Warning subclass, not '%s'" % type(category).__name__)
    filename, lineno, line = _parax.caller(stacklevel)
    warn_explicit(message, category, filename, lineno, "__main__", None, None, line=line,
                  source=source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None, *, line=None):
    if isinstance(message, Warning):
        text = str(message)
        category = type(message)
    else:
        text = str(message)
        message = category(message)
    action = _action_for(text, category, module or "__main__", lineno)
    if action == "error":
        raise message
    if action == "ignore":
        return
    key = (text, category, lineno, filename)
    if action == "once":
        if (text, category) in onceregistry:
            return
        onceregistry[(text, category)] = True
    elif action == "module":
        if (text, category, filename) in _registry:
            return
        _registry[(text, category, filename)] = True
    elif action == "default":
        if key in _registry:
            return
        _registry[key] = True
    showwarning(message, category, filename, lineno, None, line)


class catch_warnings:
    """Saves the filters (and showwarning) on entry and restores them on
    exit; record=True collects the warnings in a list instead."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0,
                 append=False):
        self._record = record
        self._action = action
        self._category = category
        self._lineno = lineno
        self._append = append
        self._entered = False

    def __repr__(self):
        return "catch_warnings(record=%r)" % self._record

    def __enter__(self):
        global showwarning
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        self._filters = list(filters)
        self._registry = dict(_registry)
        self._once = dict(onceregistry)
        self._showwarning = showwarning
        _clear(_registry)
        if self._action is not None:
            simplefilter(self._action, self._category, self._lineno, self._append)
        if self._record:
            log = []

            def _record(message, category, filename, lineno, file=None, line=None):
                log.append(WarningMessage(message, category, filename, lineno, file, line))

            showwarning = _record
            return log
        return None

    def __exit__(self, *exc_info):
        global showwarning
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        filters.clear()
        filters.extend(self._filters)
        _clear(_registry)
        _registry.update(self._registry)
        _clear(onceregistry)
        onceregistry.update(self._once)
        showwarning = self._showwarning
        return False
