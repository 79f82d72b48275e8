# finally runs on return, break, continue and errors; return in finally wins;
# else runs only when the body did not raise.
def f(x):
    try:
        if x > 0:
            return "positive"
        return "non-positive"
    finally:
        print("finally for", x)


print(f(1), f(-1))


def override():
    try:
        return 1
    finally:
        return 2


print(override())


def swallow():
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            if i < 2:
                continue
            break
    return "swallowed"


print(swallow())

out = []
for i in range(6):
    try:
        if i == 1:
            continue
        if i == 4:
            break
        out.append(i)
    finally:
        out.append(-i)
print(out)

i = 0
while True:
    try:
        i += 1
        if i == 3:
            break
    finally:
        print("while finally", i)

def nested():
    log = []
    try:
        try:
            log.append("body")
            raise KeyError("k")
        finally:
            log.append("inner finally")
    except KeyError:
        log.append("handler")
    else:
        log.append("else")
    finally:
        log.append("outer finally")
    return log


print(nested())


def error_in_else():
    try:
        pass
    except ValueError:
        return "handler"
    else:
        raise ValueError("from else")


try:
    error_in_else()
except ValueError as e:
    print("else raised", e)


def error_in_handler():
    try:
        1 / 0
    except ZeroDivisionError:
        {}["missing"]


try:
    error_in_handler()
except KeyError as e:
    print("handler raised", repr(e), type(e.__context__).__name__)


def finally_replaces():
    try:
        raise ValueError("lost")
    finally:
        raise TypeError("wins")


try:
    finally_replaces()
except TypeError as e:
    print("finally raised", e, type(e.__context__).__name__)

total = 0
for k in range(5):
    try:
        total += 10 // (k - 2)
    except ZeroDivisionError:
        total += 1000
    else:
        total += 1
    finally:
        total += 100
print(total)
