# conform: error=ValueError line=8
# An exception raised by the program and not caught ends it with its kind,
# message and the line of the raise.


def check_batch(n):
    if n % 4:
        raise ValueError(f"batch size {n} is not a multiple of 4")
    return n // 4


print(check_batch(8))
print(check_batch(6))
