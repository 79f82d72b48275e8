# conform: error=TypeError line=5
# expect: not all arguments converted during string formatting
print("%d items" % 3)
print("%s" % ("a",))
print("%d and %d" % (1, 2, 3))
