# str.format: positional, indexed, named, specs, braces escaping; str(), + and * on strings.
import jax.numpy as jnp

print("{} + {} = {}".format(1, 2, 3))
print("{1} {0} {1}".format('a', 'b'))
print("{name} is {age:d} years".format(name='Ann', age=30))
print("{:>6.2f}|{:<6}|{:^5}|".format(3.14159, 'x', 'y'))
print("{{}} {}".format(5), "{:08.3f}".format(-3.5), "{:,}".format(10 ** 6))
print("{0:.1f} {0:.3e}".format(1234.5))
a = jnp.array([1, 2, 3])
print("a = {}".format(a), "sum {:.2f}".format(jnp.sum(a) / 7))
print(str(12) + str(3.5) + str(True) + str(None) + str([1, 'a']) + str((1,)))
print('-' * 10, 'ab' * 0, len('x' * 5))
print("{} {}".format(jnp.float32(0.1), float(jnp.float32(0.1))))
