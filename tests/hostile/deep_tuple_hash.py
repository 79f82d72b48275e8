# A 100,000-deep tuple is hashable and usable as a dict key, as in Python
# (hashing walks it without recursing on the native stack).
# hostile: exit=0
# hostile: expect=built
# hostile: expect=found 1
t = ()
for i in range(100000):
    t = (t,)
print("built")
d = {t: 1, (1, 2): 2}
print("found", d[t])
