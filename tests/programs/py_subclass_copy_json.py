# Instances of builtin subclasses and the collections types through copy,
# deepcopy and json: copies keep their class and extra attributes; json
# writes a dict/list/str/int subclass as the builtin value.
import copy
import json
from collections import Counter, OrderedDict, defaultdict, deque


class Tagged(dict):
    def __init__(self, *args, tag="none", **kw):
        super().__init__(*args, **kw)
        self.tag = tag


t = Tagged({"a": [1, 2]}, tag="cfg")
shallow = copy.copy(t)
deep = copy.deepcopy(t)
deep["a"].append(3)
shallow["b"] = 0
print(type(shallow).__name__, shallow, shallow.tag, type(deep).__name__, deep, deep.tag, t)


class Path(list):
    pass


p = Path([[1], [2]])
q = copy.deepcopy(p)
q[0].append(9)
print(type(q).__name__, q, p, copy.copy(p) == p, copy.copy(p) is p)
c = copy.deepcopy(Counter("banana"))
print(type(c).__name__, c)
dd = copy.deepcopy(defaultdict(list, {"k": [1]}))
dd["new"].append(2)
print(dd)
print(copy.copy(deque([1, 2], maxlen=4)), copy.deepcopy(OrderedDict(b=1, a=[2])))


class Name(str):
    pass


class Count(int):
    pass


print(json.dumps(t), json.dumps(p), json.dumps({Name("k"): Count(3)}), json.dumps([Name("v")]))
print(json.dumps(Counter("aab"), sort_keys=True), json.dumps(OrderedDict(z=1, a=2)))
print(json.dumps({"d": defaultdict(int, x=1)}, indent=1))
print(json.loads(json.dumps(Tagged(x=[1, {"y": 2}]))))
