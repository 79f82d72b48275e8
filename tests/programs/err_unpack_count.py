# conform: error=ValueError line=6
# Unpacking a tuple into the wrong number of targets.
pair = (1, 2)
a, b = pair
print(a, b)
a, b, c = pair
