# if/elif/else chains, while with else, for with else, break/continue, pass, nested loops.
def classify(n):
    if n < 0:
        return 'negative'
    elif n == 0:
        return 'zero'
    elif n < 10:
        return 'small'
    else:
        return 'large'
print([classify(n) for n in (-5, 0, 3, 42)])

def find(xs, target):
    for i, v in enumerate(xs):
        if v == target:
            print('found at', i)
            break
    else:
        print('not found')
find([4, 5, 6], 5)
find([4, 5, 6], 9)

n = 0
while n < 5:
    n += 1
    if n == 2:
        continue
    if n == 4:
        pass
    print('n', n)
else:
    print('while done', n)

k = 0
while True:
    k += 3
    if k > 10:
        break
else:
    print('never printed')
print('k', k)

for i in range(3):
    for j in range(3):
        if j == i:
            continue
        if j > i:
            break
        print('pair', i, j)
for _ in range(0):
    print('zero trip')
else:
    print('empty for else')
