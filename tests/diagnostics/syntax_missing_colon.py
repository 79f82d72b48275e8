# conform: error=SyntaxError line=5
# expect: expected ':'
import jax

def f(x)
    return x
