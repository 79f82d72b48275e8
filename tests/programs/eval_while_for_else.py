# while/for with break, continue and else; loop variables after the loop.
import jax.numpy as jnp

def first_divisor(n):
    d = 2
    while d * d <= n:
        if n % d == 0:
            break
        d += 1
    else:
        return None
    return d
print([first_divisor(n) for n in (15, 17, 49, 2)])

primes = []
for n in range(2, 30):
    for p in primes:
        if n % p == 0:
            break
    else:
        primes.append(n)
print(primes)

for i in range(5):
    pass
print('i after loop', i)

acc = 0
for v in jnp.arange(6):
    if v % 2 == 1:
        continue
    acc = acc + v
print(acc)

count = 0
while count < 100:
    count += 7
    if count % 5 == 0:
        break
print(count)

for row in jnp.arange(6).reshape(3, 2):
    print(row, row.shape)
for k in (3, 1):
    for j in [k]:
        print(k, j)
