# conform: error=KeyError line=11
# expect: error: KeyError: 'fallback'
# expect: note: raised while handling ZeroDivisionError: integer division or modulo by zero
table = {}


def lookup(a, b):
    try:
        return a // b
    except ZeroDivisionError:
        return table["fallback"]


print(lookup(4, 2))
print(lookup(1, 0))
