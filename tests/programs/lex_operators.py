# Every operator token, including augmented assignment and @, with precedence.
import jax.numpy as jnp

a, b = 17, 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2, -a, +b)
print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(not a, a and b, 0 or b, a if a > b else b)
print(2 + 3 * 4 ** 2 // 5 % 7, (2 + 3) * 4, 2 ** 3 ** 2, -3 ** 2, not 1 == 2)
x = 10
x += 3
print(x)
x -= 1
print(x)
x *= 2
print(x)
x //= 5
print(x)
x %= 3
print(x)
x **= 3
print(x)
x /= 4
print(x)
m = jnp.array([[1., 2.], [3., 4.]])
v = jnp.array([1., -1.])
print(m @ v, v @ m, v @ v)
m2 = m
m2 @= m
print(m2)
print(m * 2 - 1 / 2 + m ** 2 // 3 % 2)
print(m > 2, m == 1.0, m != 4.0)
