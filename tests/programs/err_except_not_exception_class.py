# conform: error=TypeError line=7
# An except clause must name exception classes; Python checks it only when
# an error has to be matched.
print("start")
try:
    [][1]
except "IndexError":
    print("not reached")
