# A list that grows by append forever stops at --max-memory with MemoryError.
# hostile: error=MemoryError line=7 timeout=60
# hostile: args=--max-memory 128MiB
l = []
chunk = 'x' * 1000
while True:
    l.append(chunk + 'y')
