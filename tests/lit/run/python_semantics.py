# RUN: %parax %s | FileCheck %s
def make_adders():
    return [lambda v: v + i for i in range(3)]

print([add(10) for add in make_adders()])
a, *rest = (1, 2, 3)
print(a, rest, f"{3.14159:.3f}", {k: k * 2 for k in "ab"})
for n in range(3):
    if n == 5:
        break
else:
    print("no break", n)

# CHECK:      [12, 12, 12]
# CHECK-NEXT: 1 [2, 3] 3.142 {'a': 'aa', 'b': 'bb'}
# CHECK-NEXT: no break 2
