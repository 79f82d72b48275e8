# conform: error=TypeError line=6
# Only exceptions can be raised.
print("before")
code = 3
if code:
    raise code
