# dict subclasses: __missing__, overridden __setitem__/__getitem__, attribute
# access, inherited methods acting on the subclass, isinstance/issubclass,
# dict(d), ** unpacking, iteration and repr.


class DefaultZero(dict):
    def __missing__(self, key):
        return 0


counts = DefaultZero()
for w in "the cat and the hat and the bat".split():
    counts[w] = counts[w] + 1
print(counts)
print(counts["dog"], "dog" in counts, len(counts))
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
print(isinstance(counts, dict), issubclass(DefaultZero, dict), type(counts).__name__)


class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


cfg = AttrDict(lr=0.1, steps=100)
cfg.batch = 32
print(cfg.lr, cfg.steps, cfg.batch)
print(cfg, list(cfg.keys()), dict(cfg))


class LoggedDict(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.log = []

    def __setitem__(self, key, value):
        self.log.append(key)
        super().__setitem__(key, value)

    def __getitem__(self, key):
        return super().__getitem__(key.lower())

    def __repr__(self):
        return "LoggedDict(" + super().__repr__() + ")"


d = LoggedDict({"a": 1}, b=2)
d["c"] = 3
d.update(e=5)  # dict.update does not call the override, as in CPython
print(d, d.log, d["A"], d.get("c"), len(d))
print({**d}, dict(d), sorted(d))


def kw(**kwargs):
    return sorted(kwargs.items())


print(kw(**d))
for k in d:
    print("key", k, end=" ")
print()
print(d == {"a": 1, "b": 2, "c": 3, "e": 5}, d != {}, bool(LoggedDict()))
d2 = d.copy()
print(type(d2).__name__, d2)
del d["a"]
print(d.pop("b"), d, d.setdefault("z", 9), d)
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e)


class Registry(dict):
    def register(self, name):
        def deco(fn):
            self[name] = fn
            return fn
        return deco


reg = Registry()


@reg.register("double")
def double(x):
    return 2 * x


print(reg["double"](21), list(reg))
try:
    hash(reg)
except TypeError as e:
    print("TypeError", e)
print(d | {"q": 1}, type(d | {"q": 1}).__name__)
