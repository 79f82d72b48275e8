# Rebinding the only name of a 1,000,000-deep list drops it mid-program.
# hostile: exit=0
# hostile: expect=done 7
# hostile: timeout=120
a = []
for i in range(1000000):
    a = [a]
a = 7
print("done", a)
