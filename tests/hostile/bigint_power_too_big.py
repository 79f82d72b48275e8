# hostile: error=MemoryError line=4 backends=cpu
# 10**(10**12) would take over a terabyte: refused before computing.
print("start")
x = 10 ** (10 ** 12)
print(x)
