# [0] * 10**10 (320 GB of elements): MemoryError naming the budget, at once.
# hostile: error=MemoryError line=4 timeout=20
# hostile: expect=host-memory limit
l = [0] * 10**10
