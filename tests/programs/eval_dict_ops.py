# Dicts with string keys: literal, insert, update, lookup, len, in, iteration order, items.
d = {'b': 2, 'a': 1}
d['c'] = 3
d['a'] = 10
print(d, len(d), d['a'], 'b' in d, 'z' in d)
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(k + '=' + str(v))
print(list(d.keys()), list(d.values()))
e = dict(x=1, y=2)
print(e, dict(), {})
nested = {'outer': {'inner': [1, 2, 3]}}
nested['outer']['inner'].append(4)
print(nested, nested['outer']['inner'][-1])
counts = {}
for w in ['a', 'b', 'a', 'c', 'a']:
    if w in counts:
        counts[w] += 1
    else:
        counts[w] = 1
print(counts)
print(d.get('a'), d.get('q'), d.get('q', -1))
