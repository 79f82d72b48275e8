# str.join sizes its result first: a 1 GB join under a 128 MiB budget is a MemoryError.
# hostile: error=MemoryError line=5 timeout=30
# hostile: args=--max-memory 128MiB
parts = ['x' * 1000] * 1000000
s = ','.join(parts)
