"""logging: loggers in a dotted hierarchy, levels, handlers (StreamHandler,
FileHandler, NullHandler), Formatter with %-, {- and $-style formats, and
basicConfig, as CPython's. As there, logging.info() and friends configure
the root logger on first use ("LEVEL:name:message" to stderr), and a record
no handler takes reaches the last-resort handler (the message alone, to
stderr, for WARNING and above). %(asctime)s is UTC (parax has no time zone
data)."""

import sys
import time as _time
import _parax

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_levelToName = {
    CRITICAL: "CRITICAL",
    ERROR: "ERROR",
    WARNING: "WARNING",
    INFO: "INFO",
    DEBUG: "DEBUG",
    NOTSET: "NOTSET",
}
_nameToLevel = {
    "CRITICAL": CRITICAL,
    "FATAL": FATAL,
    "ERROR": ERROR,
    "WARN": WARNING,
    "WARNING": WARNING,
    "INFO": INFO,
    "DEBUG": DEBUG,
    "NOTSET": NOTSET,
}

BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"
raiseExceptions = True
_startTime = _time.time()


def getLevelName(level):
    result = _levelToName.get(level)
    if result is not None:
        return result
    result = _nameToLevel.get(level)
    if result is not None:
        return result
    return "Level %s" % level


def addLevelName(level, levelName):
    _levelToName[level] = levelName
    _nameToLevel[levelName] = level


def getLevelNamesMapping():
    return dict(_nameToLevel)


def _checkLevel(level):
    if isinstance(level, bool):
        raise TypeError("Level not an integer or a valid string: %r" % (level,))
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _nameToLevel:
            raise ValueError("Unknown level: %r" % level)
        return _nameToLevel[level]
    raise TypeError("Level not an integer or a valid string: %r" % (level,))


def _caller():
    """(file, line) of the first frame outside parax's own modules."""
    for level in range(1, 30):
        filename, lineno, line = _parax.caller(level)
        if not filename.startswith("<parax>") and filename != "sys":
            return filename, lineno
    return "(unknown file)", 0


class LogRecord:
    def __init__(self, name, level, pathname, lineno, msg, args, exc_info, func=None,
                 sinfo=None):
        ct = _time.time()
        self.name = name
        self.msg = msg
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        self.filename = pathname.replace("\\", "/").split("/")[-1]
        self.module = self.filename.rsplit(".", 1)[0]
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = ct
        self.msecs = int((ct - int(ct)) * 1000) + 0.0
        self.relativeCreated = (ct - _startTime) * 1000
        self.thread = 1
        self.threadName = "MainThread"
        self.processName = "MainProcess"
        self.process = 1
        self.taskName = None

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno, self.pathname,
                                                     self.lineno, self.msg)


def makeLogRecord(dict):
    rv = LogRecord(None, None, "", 0, "", (), None, None)
    for k, v in dict.items():
        setattr(rv, k, v)
    return rv


_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def _utc_fields(t):
    """(year, month, day, hour, minute, second, weekday, yearday) of a
    POSIX time, in UTC (the civil-from-days algorithm)."""
    secs = int(t)
    days, rem = divmod(secs, 86400)
    hour, rem = divmod(rem, 3600)
    minute, second = divmod(rem, 60)
    weekday = (days + 3) % 7  # 1970-01-01 was a Thursday
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    if m <= 2:
        y += 1
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    cum = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
    yday = cum[m - 1] + d + (1 if leap and m > 2 else 0)
    return y, m, d, hour, minute, second, weekday, yday


def _strftime(fmt, t):
    y, mo, d, h, mi, s, wd, yd = _utc_fields(t)
    codes = {
        "Y": "%04d" % y, "m": "%02d" % mo, "d": "%02d" % d, "H": "%02d" % h,
        "M": "%02d" % mi, "S": "%02d" % s, "y": "%02d" % (y % 100),
        "b": _MONTHS[mo - 1], "B": ["January", "February", "March", "April", "May", "June",
                                  "July", "August", "September", "October", "November",
                                  "December"][mo - 1],
        "a": _DAYS[wd], "A": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                             "Saturday", "Sunday"][wd],
        "I": "%02d" % ((h % 12) or 12), "p": "AM" if h < 12 else "PM", "j": "%03d" % yd,
        "Z": "UTC", "z": "+0000", "%": "%",
    }
    out = []
    i = 0
    while i < len(fmt):
        c = fmt[i]
        if c == "%" and i + 1 < len(fmt) and fmt[i + 1] in codes:
            out.append(codes[fmt[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


class PercentStyle:
    default_format = "%(message)s"
    asctime_format = "%(asctime)s"
    asctime_search = "%(asctime)"
    validation_pattern = None

    def __init__(self, fmt, *, defaults=None):
        self._fmt = fmt or self.default_format
        self._defaults = defaults

    def usesTime(self):
        return self._fmt.find(self.asctime_search) >= 0

    def validate(self):
        pass

    def _values(self, record):
        values = dict(self._defaults) if self._defaults else {}
        values.update(record.__dict__)
        return values

    def _format(self, record):
        return self._fmt % self._values(record)

    def format(self, record):
        try:
            return self._format(record)
        except KeyError as e:
            raise ValueError("Formatting field not found in record: %s" % e)


class StrFormatStyle(PercentStyle):
    default_format = "{message}"
    asctime_format = "{asctime}"
    asctime_search = "{asctime"

    def _format(self, record):
        return self._fmt.format(**self._values(record))


class StringTemplateStyle(PercentStyle):
    default_format = "${message}"
    asctime_format = "${asctime}"
    asctime_search = "${asctime}"

    def usesTime(self):
        return "$asctime" in self._fmt or "${asctime}" in self._fmt

    def _format(self, record):
        import string
        return string.Template(self._fmt).substitute(**self._values(record))


_STYLES = {"%": PercentStyle, "{": StrFormatStyle, "$": StringTemplateStyle}


def _format_exception(exc_info):
    """The traceback text of an exception (parax keeps no frames: the
    header and the exception line)."""
    etype, value, tb = exc_info
    if value is None:
        return "NoneType: None"
    text = str(value)
    name = type(value).__name__
    return "Traceback (most recent call last):\n%s" % (name + (": " + text if text else ""))


class Formatter:
    converter = None
    default_time_format = "%Y-%m-%d %H:%M:%S"
    default_msec_format = "%s,%03d"

    def __init__(self, fmt=None, datefmt=None, style="%", validate=True, *, defaults=None):
        if style not in _STYLES:
            raise ValueError("Style must be one of: %s" % ",".join(_STYLES.keys()))
        self._style = _STYLES[style](fmt, defaults=defaults)
        self._fmt = self._style._fmt
        self.datefmt = datefmt

    def formatTime(self, record, datefmt=None):
        if datefmt:
            return _strftime(datefmt, record.created)
        s = _strftime(self.default_time_format, record.created)
        if self.default_msec_format:
            s = self.default_msec_format % (s, record.msecs)
        return s

    def formatException(self, ei):
        return _format_exception(ei)

    def usesTime(self):
        return self._style.usesTime()

    def formatMessage(self, record):
        return self._style.format(record)

    def formatStack(self, stack_info):
        return stack_info

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        s = self.formatMessage(record)
        if record.exc_info:
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if s[-1:] != "\n":
                s = s + "\n"
            s = s + record.exc_text
        if record.stack_info:
            if s[-1:] != "\n":
                s = s + "\n"
            s = s + self.formatStack(record.stack_info)
        return s


_defaultFormatter = Formatter()


class Filter:
    def __init__(self, name=""):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        if self.nlen == 0:
            return True
        if self.name == record.name:
            return True
        if record.name.find(self.name, 0, self.nlen) != 0:
            return False
        return record.name[self.nlen] == "."


class Filterer:
    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)

    def filter(self, record):
        for f in self.filters:
            if hasattr(f, "filter"):
                result = f.filter(record)
            else:
                result = f(record)
            if not result:
                return False
            if isinstance(result, LogRecord):
                record = result
        return record


class Handler(Filterer):
    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self.level = _checkLevel(level)
        self.formatter = None

    def get_name(self):
        return self._name

    def set_name(self, name):
        self._name = name

    name = property(get_name, set_name)

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def format(self, record):
        fmt = self.formatter if self.formatter else _defaultFormatter
        return fmt.format(record)

    def emit(self, record):
        raise NotImplementedError("emit must be implemented by Handler subclasses")

    def handle(self, record):
        rv = self.filter(record)
        if rv:
            if isinstance(rv, LogRecord):
                record = rv
            self.emit(record)
        return rv

    def setFormatter(self, fmt):
        self.formatter = fmt

    def flush(self):
        pass

    def close(self):
        pass

    def handleError(self, record):
        pass

    def __repr__(self):
        return "<%s (%s)>" % (type(self).__name__, getLevelName(self.level))


class StreamHandler(Handler):
    terminator = "\n"

    def __init__(self, stream=None):
        Handler.__init__(self)
        self._explicit_stream = stream

    @property
    def stream(self):
        # sys.stderr as it is when the record is written (redirections apply).
        return self._explicit_stream if self._explicit_stream is not None else sys.stderr

    def setStream(self, stream):
        old = self._explicit_stream
        self._explicit_stream = stream
        return old

    def flush(self):
        s = self.stream
        if hasattr(s, "flush"):
            s.flush()

    def emit(self, record):
        msg = self.format(record)
        self.stream.write(msg + self.terminator)
        self.flush()

    def __repr__(self):
        name = getattr(self.stream, "name", "")
        if name:
            name += " "
        return "<%s %s(%s)>" % (type(self).__name__, name, getLevelName(self.level))


class FileHandler(StreamHandler):
    def __init__(self, filename, mode="a", encoding=None, delay=False, errors=None):
        self.baseFilename = filename
        self.mode = mode
        self.encoding = encoding
        StreamHandler.__init__(self, open(filename, mode))

    def close(self):
        s = self._explicit_stream
        if s is not None:
            s.close()
            self._explicit_stream = None


class NullHandler(Handler):
    def handle(self, record):
        pass

    def emit(self, record):
        pass


class _StderrHandler(StreamHandler):
    def __init__(self, level=NOTSET):
        StreamHandler.__init__(self)
        self.level = level


lastResort = _StderrHandler(WARNING)


class Logger(Filterer):
    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _checkLevel(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled or level < _disable_level:
            return False
        return level >= self.getEffectiveLevel()

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    def warn(self, msg, *args, **kwargs):
        self.warning(msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            if raiseExceptions:
                raise TypeError("level must be an integer")
            return
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info, func=None, extra=None,
                   sinfo=None):
        rv = LogRecord(name, level, fn, lno, msg, args, exc_info, func, sinfo)
        if extra is not None:
            for key in extra:
                if (key in ["message", "asctime"]) or (key in rv.__dict__):
                    raise KeyError("Attempt to overwrite %r in LogRecord" % key)
                setattr(rv, key, extra[key])
        return rv

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False,
             stacklevel=1):
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, None)
            elif not isinstance(exc_info, tuple):
                exc_info = sys.exc_info()
        fn, lno = _caller()
        record = self.makeRecord(self.name, level, fn, lno, msg, args, exc_info,
                                 "<module>", extra, None)
        self.handle(record)

    def handle(self, record):
        if self.disabled:
            return
        maybe = self.filter(record)
        if not maybe:
            return
        if isinstance(maybe, LogRecord):
            record = maybe
        self.callHandlers(record)

    def callHandlers(self, record):
        c = self
        found = 0
        while c:
            for hdlr in c.handlers:
                found = found + 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            if not c.propagate:
                c = None
            else:
                c = c.parent
        if found == 0:
            if lastResort:
                if record.levelno >= lastResort.level:
                    lastResort.handle(record)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            if not c.propagate:
                break
            c = c.parent
        return False

    def getChild(self, suffix):
        if self.root is not self:
            suffix = ".".join((self.name, suffix))
        return self.manager.getLogger(suffix)

    def __repr__(self):
        level = getLevelName(self.getEffectiveLevel())
        return "<%s %s (%s)>" % (type(self).__name__, self.name, level)


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, "root", level)

    def __repr__(self):
        return "<RootLogger root (%s)>" % getLevelName(self.getEffectiveLevel())


class Manager:
    def __init__(self, rootnode):
        self.root = rootnode
        self.loggerDict = {}
        self.loggerClass = None

    def getLogger(self, name):
        if not isinstance(name, str):
            raise TypeError("A logger name must be a string")
        rv = self.loggerDict.get(name)
        if rv is None:
            rv = (self.loggerClass or _loggerClass)(name)
            rv.manager = self
            self.loggerDict[name] = rv
            self._fixup(rv)
        return rv

    def _fixup(self, logger):
        # The parent is the nearest existing ancestor; loggers below the new
        # one whose parent was above it now hang from it.
        name = logger.name
        parent = self.root
        i = name.rfind(".")
        while i > 0:
            candidate = self.loggerDict.get(name[:i])
            if candidate is not None:
                parent = candidate
                break
            i = name.rfind(".", 0, i)
        logger.parent = parent
        prefix = name + "."
        for other in self.loggerDict.values():
            if other is not logger and other.name.startswith(prefix):
                p = other.parent
                if p is None or len(p.name) < len(name) or p is self.root:
                    other.parent = logger


_loggerClass = Logger
root = RootLogger(WARNING)
Logger.root = root
Logger.manager = Manager(root)
root.manager = Logger.manager
_disable_level = 0


def setLoggerClass(klass):
    global _loggerClass
    _loggerClass = klass


def getLoggerClass():
    return _loggerClass


def getLogger(name=None):
    if not name or (isinstance(name, str) and name == root.name):
        return root
    return Logger.manager.getLogger(name)


def basicConfig(**kwargs):
    force = kwargs.pop("force", False)
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
            h.close()
    if len(root.handlers) == 0:
        handlers = kwargs.pop("handlers", None)
        if handlers is None:
            if "stream" in kwargs and "filename" in kwargs:
                raise ValueError("'stream' and 'filename' should not be specified together")
        else:
            if "stream" in kwargs or "filename" in kwargs:
                raise ValueError("'stream' or 'filename' should not be specified together "
                                 "with 'handlers'")
        if handlers is None:
            filename = kwargs.pop("filename", None)
            mode = kwargs.pop("filemode", "a")
            if filename:
                h = FileHandler(filename, mode)
            else:
                stream = kwargs.pop("stream", None)
                h = StreamHandler(stream)
            handlers = [h]
        dfs = kwargs.pop("datefmt", None)
        style = kwargs.pop("style", "%")
        if style not in _STYLES:
            raise ValueError("Style must be one of: %s" % ",".join(_STYLES.keys()))
        fs = kwargs.pop("format", None)
        if fs is None:
            fs = {"%": BASIC_FORMAT, "{": "{levelname}:{name}:{message}",
                  "$": "${levelname}:${name}:${message}"}[style]
        fmt = Formatter(fs, dfs, style)
        for h in handlers:
            if h.formatter is None:
                h.setFormatter(fmt)
            root.addHandler(h)
        level = kwargs.pop("level", None)
        if level is not None:
            root.setLevel(level)
        kwargs.pop("encoding", None)
        kwargs.pop("errors", None)
        if kwargs:
            keys = ", ".join(kwargs.keys())
            raise ValueError("Unrecognised argument(s): %s" % keys)


def critical(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.critical(msg, *args, **kwargs)


fatal = critical


def error(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.error(msg, *args, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    error(msg, *args, exc_info=exc_info, **kwargs)


def warning(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.warning(msg, *args, **kwargs)


def warn(msg, *args, **kwargs):
    warning(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.info(msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.debug(msg, *args, **kwargs)


def log(level, msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.log(level, msg, *args, **kwargs)


def disable(level=CRITICAL):
    global _disable_level
    _disable_level = level + 1 if level else 0


def shutdown(handlerList=None):
    for h in root.handlers:
        h.flush()


def captureWarnings(capture):
    pass


class LoggerAdapter:
    def __init__(self, logger, extra=None):
        self.logger = logger
        self.extra = extra

    def process(self, msg, kwargs):
        kwargs["extra"] = self.extra
        return msg, kwargs

    def _call(self, method, msg, args, kwargs):
        msg, kwargs = self.process(msg, kwargs)
        getattr(self.logger, method)(msg, *args, **kwargs)

    def debug(self, msg, *args, **kwargs):
        self._call("debug", msg, args, kwargs)

    def info(self, msg, *args, **kwargs):
        self._call("info", msg, args, kwargs)

    def warning(self, msg, *args, **kwargs):
        self._call("warning", msg, args, kwargs)

    def error(self, msg, *args, **kwargs):
        self._call("error", msg, args, kwargs)

    def exception(self, msg, *args, **kwargs):
        kwargs.setdefault("exc_info", True)
        self._call("error", msg, args, kwargs)

    def critical(self, msg, *args, **kwargs):
        self._call("critical", msg, args, kwargs)

    def log(self, level, msg, *args, **kwargs):
        msg, kwargs = self.process(msg, kwargs)
        self.logger.log(level, msg, *args, **kwargs)

    def isEnabledFor(self, level):
        return self.logger.isEnabledFor(level)

    def setLevel(self, level):
        self.logger.setLevel(level)

    def getEffectiveLevel(self):
        return self.logger.getEffectiveLevel()
