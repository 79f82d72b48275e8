# conform: error=TypeError line=8
# expect: can't send non-None value to a just-started generator
def echo():
    x = yield
    print(x)


echo().send(5)
