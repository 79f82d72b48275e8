# The same without --max-memory: the default budget (at most half an address-space cap) stops it.
# hostile: error=MemoryError line=6 timeout=120
# hostile: expect=host-memory limit
l = [0]
while True:
    l = l + l
