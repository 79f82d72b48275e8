# A trace stack 300 frames deep (f > f > f ...) prints as `f (x300)`, not a
# line of thousands of labels; the whole diagnostic stays small.
# hostile: error=NameError line=10
# hostile: expect=in jit(<lambda>) > f (x301)
# hostile: reject=f > f > f
import jax


def f(x, n):
    return x + undefined_thing if n == 0 else f(x, n - 1)


print(jax.jit(lambda x: f(x, 300))(1.0))
