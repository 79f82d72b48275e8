# A field wider than the host-memory budget is a MemoryError before anything is built.
# hostile: error=MemoryError line=4 timeout=20
# hostile: expect=host-memory limit
s = f'{1:>{10**12}}'
print(len(s))
