# l = l + l forever: MemoryError at the doubling line once the list would pass --max-memory.
# hostile: error=MemoryError line=6 timeout=60
# hostile: args=--max-memory 512MiB
l = [0]
while True:
    l = l + l
