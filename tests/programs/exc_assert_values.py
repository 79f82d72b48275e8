# assert failures are AssertionError values whose args are the message as
# written (none, an int, a tuple).
try:
    assert 1 > 2
except AssertionError as e:
    print(repr(e), e.args, str(e) == "")
try:
    assert False, 42
except AssertionError as e:
    print(repr(e), e.args)
try:
    assert [], ("a", 1)
except AssertionError as e:
    print(repr(e), e)
