# conform: error=SyntaxError line=4
# nonlocal at module level.
print("never printed")
nonlocal x
