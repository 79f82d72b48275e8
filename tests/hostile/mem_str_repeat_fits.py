# 300 million characters fit in memory: Python builds them, and so must parax (no fixed item cap).
# hostile: exit=0 timeout=30
# hostile: expect=300000000
s = 'a' * 300000000
print(len(s))
