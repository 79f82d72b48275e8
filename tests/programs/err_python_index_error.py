# conform: error=IndexError line=5
# Python list index out of range (lists are not clamped like arrays).
xs = [1, 2, 3]
print(xs[-3])
print(xs[3])
