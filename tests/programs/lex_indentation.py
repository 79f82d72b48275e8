# Indentation: nested blocks, blank lines and comments at odd indents, DEDENT to several levels.
def outer(n):
    total = 0
    for i in range(n):

        if i % 2 == 0:
            for j in range(i):
                    # deeper comment
                    total += j
        else:
          total -= 1   # two-space indent inside this block
# a comment at column 0 inside a function body
    return total

print(outer(6))
if True:
  if True:
    if True:
        x = 1
print(x)
def one_liner(a): return a * 2
print(one_liner(21))
if x == 1: print('single-line if')
while x < 3: x += 1
print(x)
