"""io: StringIO, and the text files open() returns.

Files are opened by parax's sandbox (frontend/lib/SandboxedFiles.h): only
under the directories granted with --allow-read / --allow-write. Their
reading, decoding and buffering is native (_parax.file_*); this module gives
them CPython's TextIOWrapper interface.
"""

import _parax

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 8192


class UnsupportedOperation(OSError):
    pass


def _type_name(x):
    return type(x).__name__


class IOBase:
    """What every stream shares: context manager, iteration, lines."""

    def __enter__(self):
        self._check_closed()
        return self

    def __exit__(self, exc_type, exc, tb):
        self.close()
        return False

    def __iter__(self):
        self._check_closed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readlines(self, hint=-1):
        if hint is None:
            hint = -1
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                break
            lines.append(line)
            total += len(line)
            if 0 < hint <= total:
                break
        return lines

    def writelines(self, lines):
        self._check_closed()
        for line in lines:
            self.write(line)

    def isatty(self):
        self._check_closed()
        return False

    def fileno(self):
        raise UnsupportedOperation("fileno")

    def _check_closed(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")


class TextIOWrapper(IOBase):
    """A text file from open(path, mode)."""

    def __init__(self, handle, name, mode, encoding):
        self._handle = handle
        self.name = name
        self.mode = mode
        self.encoding = encoding
        self._readable = "r" in mode or "+" in mode
        self._writable = "w" in mode or "a" in mode or "x" in mode or "+" in mode

    def __repr__(self):
        return ("<_io.TextIOWrapper name=" + repr(self.name) + " mode=" + repr(self.mode) +
                " encoding=" + repr(self.encoding) + ">")

    @property
    def closed(self):
        return _parax.file_closed(self._handle)

    def readable(self):
        self._check_closed()
        return self._readable

    def writable(self):
        self._check_closed()
        return self._writable

    def seekable(self):
        self._check_closed()
        return True

    def read(self, size=-1):
        self._check_closed()
        if not self._readable:
            raise UnsupportedOperation("not readable")
        return _parax.file_read(self._handle, size)

    def readline(self, size=-1):
        self._check_closed()
        if not self._readable:
            raise UnsupportedOperation("not readable")
        return _parax.file_readline(self._handle, size)

    def write(self, s):
        self._check_closed()
        if not self._writable:
            raise UnsupportedOperation("not writable")
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not " + _type_name(s))
        return _parax.file_write(self._handle, s)

    def flush(self):
        self._check_closed()
        _parax.file_flush(self._handle)

    def close(self):
        _parax.file_close(self._handle)

    def tell(self):
        self._check_closed()
        return _parax.file_tell(self._handle)

    def seek(self, cookie, whence=0):
        self._check_closed()
        return _parax.file_seek(self._handle, cookie, whence)

    def truncate(self, size=None):
        self._check_closed()
        if not self._writable:
            raise UnsupportedOperation("File not open for writing")
        return _parax.file_truncate(self._handle, size)


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None,
         closefd=True, opener=None):
    if not isinstance(file, str):
        raise TypeError("expected str, bytes or os.PathLike object, not " + _type_name(file))
    if not isinstance(mode, str):
        raise TypeError("open() argument 'mode' must be str, not " + _type_name(mode))
    if "b" in mode:
        raise NotImplementedError(
            "binary files (mode " + repr(mode) + ") need bytes, which parax does not have yet; "
            "open the file in text mode")
    if errors is not None and errors != "strict":
        raise NotImplementedError("open(errors=" + repr(errors) + ") is not supported by parax")
    if newline is not None and not isinstance(newline, str):
        raise TypeError("open() argument 'newline' must be str or None, not " +
                        _type_name(newline))
    handle = _parax.file_open(file, mode, encoding, newline)
    return TextIOWrapper(handle, file, mode, "UTF-8" if encoding is None else encoding)


class StringIO(IOBase):
    """An in-memory text stream."""

    def __init__(self, initial_value="", newline="\n"):
        if initial_value is None:
            initial_value = ""
        if not isinstance(initial_value, str):
            raise TypeError("initial_value must be str or None, not " + _type_name(initial_value))
        if newline is not None and newline not in ("", "\n", "\r", "\r\n"):
            raise ValueError("illegal newline value: " + repr(newline))
        self._newline = newline
        self._value = self._translate(initial_value)
        self._tail = []   # pieces written at the end, joined when needed
        self._size = len(self._value)
        self._pos = 0
        self._closed = False

    def _translate(self, s):
        if self._newline is None:
            return s.replace("\r\n", "\n").replace("\r", "\n")
        if self._newline in ("\r", "\r\n"):
            return s.replace("\n", self._newline)
        return s

    def _join(self):
        if self._tail:
            self._value = self._value + "".join(self._tail)
            self._tail = []

    @property
    def closed(self):
        return self._closed

    @property
    def line_buffering(self):
        return False

    def readable(self):
        self._check_closed()
        return True

    def writable(self):
        self._check_closed()
        return True

    def seekable(self):
        self._check_closed()
        return True

    def getvalue(self):
        self._check_closed()
        self._join()
        return self._value

    def write(self, s):
        self._check_closed()
        if not isinstance(s, str):
            raise TypeError("string argument expected, got '" + _type_name(s) + "'")
        n = len(s)
        s = self._translate(s)
        if self._pos == self._size:
            self._tail.append(s)
        else:
            self._join()
            if self._pos > self._size:
                self._value = self._value + "\0" * (self._pos - self._size)
            self._value = self._value[:self._pos] + s + self._value[self._pos + len(s):]
        self._pos += len(s)
        if self._pos > self._size:
            self._size = self._pos
        return n

    def read(self, size=-1):
        self._check_closed()
        self._join()
        if size is None or size < 0:
            end = self._size
        else:
            end = min(self._size, self._pos + size)
        if self._pos >= end:
            return ""
        out = self._value[self._pos:end]
        self._pos = end
        return out

    def readline(self, size=-1):
        self._check_closed()
        self._join()
        if self._pos >= self._size:
            return ""
        if self._newline == "\r":
            nl = "\r"
        elif self._newline == "\r\n":
            nl = "\r\n"
        else:
            nl = "\n"
        i = self._value.find(nl, self._pos)
        end = self._size if i < 0 else i + len(nl)
        if self._newline == "" and i < 0:
            j = self._value.find("\r", self._pos)
            if j >= 0:
                end = j + 2 if self._value[j + 1:j + 2] == "\n" else j + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        out = self._value[self._pos:end]
        self._pos = end
        return out

    def tell(self):
        self._check_closed()
        return self._pos

    def seek(self, pos, whence=0):
        self._check_closed()
        if not isinstance(pos, int):
            raise TypeError("'" + _type_name(pos) + "' object cannot be interpreted as an integer")
        if whence == 0:
            if pos < 0:
                raise ValueError("Negative seek position " + str(pos))
            self._pos = pos
        elif whence == 1:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
        elif whence == 2:
            if pos != 0:
                raise OSError("Can't do nonzero end-relative seeks")
            self._pos = self._size
        else:
            raise ValueError("Invalid whence (" + str(whence) + ", should be 0, 1 or 2)")
        return self._pos

    def truncate(self, size=None):
        self._check_closed()
        self._join()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError("Negative size value " + str(size))
        if size < self._size:
            self._value = self._value[:size]
            self._size = size
        return size

    def flush(self):
        self._check_closed()

    def close(self):
        self._closed = True

    def _check_closed(self):
        if self._closed:
            raise ValueError("I/O operation on closed file")

    def __repr__(self):
        return "<_io.StringIO object>"


class BytesIO(IOBase):
    def __init__(self, initial_bytes=None):
        raise NotImplementedError("io.BytesIO needs bytes, which parax does not have yet; "
                                  "use io.StringIO for text")


TextIOBase = IOBase
RawIOBase = IOBase
BufferedIOBase = IOBase
