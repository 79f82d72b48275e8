import sys
import warnings
from contextlib import redirect_stderr
import io

warnings.warn("plain warning")
warnings.warn("a deprecation", DeprecationWarning)
warnings.warn("pending", PendingDeprecationWarning)
for i in range(3):
    warnings.warn("in a loop, shown once")
buf = io.StringIO()
with redirect_stderr(buf):
    warnings.warn("captured", RuntimeWarning)
print(repr(buf.getvalue().split(": ", 1)[1]))
print(buf.getvalue().endswith('warnings.warn("captured", RuntimeWarning)\n'))

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("first")
    warnings.warn("second", UserWarning)
    warnings.warn(FutureWarning("an instance"))
    print(len(w), [str(x.message) for x in w], [x.category.__name__ for x in w])
    print(w[0].lineno, w[0].filename.endswith("std_warnings.py"))

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    warnings.warn("never shown")
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("now an error", RuntimeWarning)
    except RuntimeWarning as e:
        print("raised:", type(e).__name__, e)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", message="skip")
    warnings.warn("skip this one")
    warnings.warn("keep this one")
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    warnings.warn("old api", DeprecationWarning)
    warnings.warn("other", UserWarning)
    print([str(x.message) for x in w])


def old_function():
    warnings.warn("old_function is deprecated", DeprecationWarning, stacklevel=2)
    return 1


with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    old_function()
    print(w[0].lineno, w[0].category.__name__)
print(warnings.formatwarning("msg", UserWarning, "f.py", 10, "code()"), end="")
print(issubclass(DeprecationWarning, Warning), issubclass(UserWarning, Exception))
print("done")
