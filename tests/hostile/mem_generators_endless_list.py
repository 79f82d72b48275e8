# list() of an endless generator: the budget stops it with MemoryError, not the OS.
# hostile: args=--max-memory 256MiB
# hostile: error=MemoryError line=11
def forever():
    i = 0
    while True:
        yield [i]
        i += 1


print(len(list(forever())))
