# conform: error=KeyError line=5
# expect: KeyError: 7
# set.remove of a missing item raises KeyError (discard does not).
s = {1, 2, 3}
s.remove(7)
