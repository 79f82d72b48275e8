# conform: error=ZeroDivisionError line=8
# A bare `raise` in an except clause re-raises the original error, which
# still points at the line that failed.


def ratio(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        print("logging the failure, then re-raising")
        raise


print(ratio(1.0, 4.0))
print(ratio(1.0, 0.0))
