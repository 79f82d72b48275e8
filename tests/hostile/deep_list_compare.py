# Two distinct 100,000-deep lists compared: RecursionError (Python: "in
# comparison"); the same list compared with itself is equal by identity.
# hostile: error=RecursionError line=11
# hostile: expect=True
a, b = [], []
for i in range(100000):
    a = [a]
    b = [b]
print(a == a)
print([a] == [a])
print(a == b)
