# conform: error=ValueError line=8
# expect: error: ValueError: batch size 6 is not a multiple of 4
# expect: in check_batch


def check_batch(n):
    if n % 4:
        raise ValueError(f"batch size {n} is not a multiple of 4")
    return n // 4


print(check_batch(8))
print(check_batch(6))
