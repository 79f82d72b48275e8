# An endless generator consumed by an endless loop: the body polls the stop flag on its own stack.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=7|8|9|13|14
# hostile: timeout=30
def naturals():
    n = 0
    while True:
        yield n
        n += 1


total = 0
for x in naturals():
    total += x
