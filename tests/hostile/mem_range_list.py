# list(range(n)) is sized against the budget before it materialises.
# hostile: error=MemoryError line=5 timeout=20
# hostile: args=--max-memory 64MiB
n = 10**8
x = list(range(n))
