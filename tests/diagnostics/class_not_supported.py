# conform: parax-only error=NotImplementedError line=5
# expect: classes are not part of parax
import jax

class Model:
    pass
