# A 2 GB string under a 256 MiB budget: MemoryError, checked before the string is built.
# hostile: error=MemoryError line=5 timeout=20
# hostile: args=--max-memory 256MiB
print('small' * 3)
s = 'ab' * 10**9
