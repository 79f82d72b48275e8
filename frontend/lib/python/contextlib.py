"""contextlib in parax's Python: generator-based context managers
(contextmanager), suppress, nullcontext, closing and ExitStack, with
CPython's behaviour: an exception raised in the with block is thrown into
the generator at its yield, and the block's exception is suppressed only
when the generator swallows it."""


class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    """A context manager that also works as a function decorator."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)

        return inner


class _GeneratorContextManager(ContextDecorator, AbstractContextManager):
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func = func
        self.args = args
        self.kwds = kwds

    def _recreate_cm(self):
        # A decorated function makes a fresh generator on each call.
        return _GeneratorContextManager(self.func, self.args, self.kwds)

    def __enter__(self):
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            try:
                raise RuntimeError("generator didn't stop")
            finally:
                self.gen.close()
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            # The generator swallowed the exception and ended.
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            # A StopIteration thrown in comes back as RuntimeError (PEP 479).
            if isinstance(value, StopIteration):
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        try:
            raise RuntimeError("generator didn't stop after throw()")
        finally:
            self.gen.close()


def contextmanager(func):
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)

    helper.__wrapped__ = func
    return helper


class suppress(AbstractContextManager):
    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        if exctype is None:
            return False
        return isinstance(excinst, self._exceptions)


class nullcontext(AbstractContextManager):
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class closing(AbstractContextManager):
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class ExitStack(AbstractContextManager):
    """Callbacks and context managers exited in reverse order; one that
    returns true suppresses the exception, one that raises replaces it."""

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = ExitStack()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        if hasattr(exit, "__exit__"):
            self._exit_callbacks.append(exit.__exit__)
        else:
            self._exit_callbacks.append(exit)
        return exit

    def enter_context(self, cm):
        if not hasattr(cm, "__enter__") or not hasattr(cm, "__exit__"):
            raise TypeError("'" + type(cm).__name__ + "' object does not support the "
                            "context manager protocol")
        result = cm.__enter__()
        self._exit_callbacks.append(cm.__exit__)
        return result

    def callback(self, callback, *args, **kwds):
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)

        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def close(self):
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        pending_raise = False
        suppressed = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            try:
                if cb(*exc_details):
                    suppressed = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as new_exc:
                exc_details = (type(new_exc), new_exc, None)
                pending_raise = True
        if pending_raise:
            raise exc_details[1]
        return received_exc and suppressed


class _RedirectStream:
    """redirect_stdout / redirect_stderr: print() and sys.stdout.write follow
    the replaced stream."""

    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        import sys
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        import sys
        setattr(sys, self._stream, self._old_targets.pop())
        return False


class redirect_stdout(_RedirectStream):
    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    _stream = "stderr"
