# collections.deque (maxlen, both ends, rotate, extendleft, indexing) and
# ChainMap (lookup through the maps, writes to the first, new_child/parents).
from collections import ChainMap, deque

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], 3 in d)
print(d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d, list(reversed(d)), d.count(7), d.index(7))
d.remove(7)
d[0] = 99
del d[1]
print(d, d.maxlen, bool(deque()), deque() == deque([]), d == deque(list(d)))
window = deque(maxlen=3)
for i in range(6):
    window.append(i)
    print(list(window), sum(window) / len(window))
print(window, window.maxlen)
window.appendleft(-1)
print(window)
history = deque("abc", maxlen=2)
print(history, deque(range(3)) + deque([9]))
try:
    deque().popleft()
except IndexError as e:
    print("IndexError", e)
try:
    deque([1])[5]
except IndexError as e:
    print("IndexError", e)
c = d.copy()
c.clear()
print(c, d)

defaults = {"color": "red", "user": "guest", "size": 1}
env = {"user": "admin"}
args = {"size": 3}
cm = ChainMap(args, env, defaults)
print(cm["color"], cm["user"], cm["size"], len(cm), sorted(cm), "user" in cm, cm.get("nope", 0))
cm["color"] = "blue"
print(args, defaults["color"], cm.maps[0])
child = cm.new_child({"size": 10})
print(child["size"], child.parents["size"], len(child.maps))
print(ChainMap({"a": 1}, {"b": 2}), dict(ChainMap({"a": 1}, {"a": 2, "b": 3})))
try:
    del cm["user"]
except KeyError as e:
    print("KeyError", e)
