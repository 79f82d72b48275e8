# hostile: error=TimeoutError line=6 backends=cpu timeout=30
# hostile: args=--timeout 2
# A huge power (30 million digits) is interruptible: the big-int
# multiplication polls the stop flag, so --timeout ends it at the user's line.
print("start")
x = 3 ** (10 ** 8)
print(x.bit_length())
