# A 1,000,000-deep nested list (and a dict chain) is destroyed at exit
# without recursing on the native stack.
# hostile: exit=0
# hostile: expect=built
# hostile: timeout=120
a = []
for i in range(1000000):
    a = [a]
d = {}
for i in range(300000):
    d = {"next": d}
print("built")
