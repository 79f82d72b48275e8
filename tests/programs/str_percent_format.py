# conform: exact
# printf-style formatting: flags, widths, precisions, every conversion, mappings, *, %%.
import jax.numpy as jnp

print("%d|%i|%5d|%-5d|%05d|%+d|% d|%d" % (7, -3, 42, 42, 42, 5, 5, 3.99))
print("%f|%.2f|%10.3f|%-10.1f|%e|%.3E|%g|%G|%g" % (3.14159, 2.5, 1 / 3, 2.25, 12345.678, 0.00012, 1e-7, 1e20, 100.0))
print("%x|%X|%#x|%o|%#o|%08.3f|%c|%c" % (255, 255, 255, 8, 8, -3.14159, 65, "z"))
print("%s|%r|%10s|%-10s|%.2s|%s|%s" % ("a", "a", "right", "left", "trunc", [1, 2], None))
print("%(model)s: %(acc).1f%% of %(n)d" % {"model": "mlp", "acc": 93.456, "n": 1000})
print("%*d|%-*s|%.*f" % (6, 42, 4, "ab", 2, 2.71828))
print("loss %.4f" % jnp.float32(0.25), "step %d" % jnp.int32(12), "%s" % {"k": 1})
print("%s and %s" % ("one", "two"), "100%% done" % (), "%s" % (("nested",),))
