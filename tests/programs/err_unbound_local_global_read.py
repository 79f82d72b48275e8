# conform: error=UnboundLocalError line=8
# Without `global`, assigning a module name inside a function makes it local
# for the whole body, so the read before it fails.
count = 0


def bump():
    count = count + 1
    return count


print(bump())
