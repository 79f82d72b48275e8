import json

data = {"name": "parax", "version": [0, 1], "ok": True, "none": None, "pi": 3.14159,
        "nested": {"b": 2, "a": [1.5, -2, 1e20, 1e-7, 0.1]}, "empty": {}, "list": []}
print(json.dumps(data))
print(json.dumps(data, sort_keys=True))
print(json.dumps(data, indent=2))
print(json.dumps(data, indent=4, sort_keys=True))
print(json.dumps(data, separators=(",", ":")))
print(json.dumps(data, indent="\t"))
print(json.dumps([1, [2, [3, []]], {}], indent=0))
print(json.dumps("héllo \"quoted\" \\ \n\t\x01 ✓ 𝄞"))
print(json.dumps("héllo ✓ 𝄞", ensure_ascii=False))
print(json.dumps({1: "int key", 2.5: "float", True: "bool", None: "none"}))
print(json.dumps((1, 2, 3)), json.dumps(12345678901234), json.dumps(-0.0), json.dumps(1.0))
print(json.dumps([float("nan"), float("inf"), -float("inf")]))
try:
    json.dumps([float("nan")], allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({(1, 2): 3, "k": 4}, skipkeys=True))

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
try:
    json.dumps(Point(1, 2))
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({"p": Point(1, 2)}, default=lambda o: {"x": o.x, "y": o.y}))
print(json.dumps([Point(3, 4)], default=vars, sort_keys=True))
a = []
a.append(a)
try:
    json.dumps(a)
except ValueError as e:
    print("ValueError:", e)

text = '{"a": [1, 2.5, "three", true, false, null], "b": {"c": -1e3, "d": "\\u00e9\\n\\ud834\\udd1e"}, "e": 10000000000}'
obj = json.loads(text)
print(obj)
print(obj["b"]["d"], len(obj["b"]["d"]), type(obj["a"][1]).__name__, type(obj["e"]).__name__)
print(json.loads("[]"), json.loads("{}"), json.loads(" 7 "), json.loads('"s"'), json.loads("NaN"), json.loads("-Infinity"))
print(json.loads(json.dumps(data)) == data)
print(json.loads('{"a": 1, "a": 2}'))
print(json.loads('[1.5, 2]', parse_float=str), json.loads('{"x": 1}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"x": 1, "y": 2}', object_pairs_hook=list))
for bad in ['', '[1, 2', '{"a" 1}', '{"a": 1,}', '[1,]', 'nul', '"abc', '{1: 2}', '[1] x', '\n\n  [tru]']:
    try:
        json.loads(bad)
        print("parsed", repr(bad))
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e, "|", e.msg, e.pos, e.lineno, e.colno)
    except ValueError as e:
        print("plain ValueError", e)
print(issubclass(json.JSONDecodeError, ValueError))
print(json.dumps(json.loads('{"z": 1, "a": {"y": [1, {"b": 2}]}}'), indent=2, sort_keys=True))
enc = json.JSONEncoder(indent=1)
print(enc.encode({"k": [1, 2]}))
print(json.JSONDecoder().decode("[1, 2]"))
