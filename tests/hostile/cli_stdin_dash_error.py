# `parax -` stops at the first error, located in <stdin>.
# hostile: stdin=program error=NameError line=5
# hostile: reject=unreachable
y = 1
print(undefined_name)
print("unreachable")
