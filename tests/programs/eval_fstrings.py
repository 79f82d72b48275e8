# f-strings: expressions, format specs, nested quotes, arrays and 0-d arrays in f-strings.
import jax.numpy as jnp

x = 3.14159
n = 42
s = 'ab'
print(f"{x:.2f}|{n:5d}|{n:<5}|{s:>4}|{s:^6}|{7:03d}|{5:+d}|{-5:+d}")
print(f"{1234567:,}|{0.5:.1%}|{255:x}|{255:X}|{5:b}|{12345.678:.3e}|{2.5:g}|{1e-7:g}|{1e20:g}")
print(f"{n}{s}{x}", f"{n * 2 + 1}", f"{'nested'}", f"{[1, 2]}", f"{(1, 'a')}", f"{None}")
print(f"{{literal braces}} {n}", f"{x!r}", f"{s!r}")
w = 8
print(f"{x:{w}.3f}|", f"{n:>{w}}|")
a = jnp.array([1.5, 2.0])
print(f"array {a}", f"sum {jnp.sum(a)}", f"{jnp.sum(a):.3f}", f"{jnp.array(7):4d}")
print(f"{jnp.arange(3)} and {jnp.array(True)}", f"{float(a[0]):6.2f}")
print(f"{True}", f"{3 > 2}", f"{1e16}", f"{0.1 + 0.2}", f"{-0.0}")
