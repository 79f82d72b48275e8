# hostile: expect=decode: RecursionError
# hostile: expect=encode: RecursionError
# hostile: expect=shallow ok
# JSON nested far deeper than the recursion limit is a RecursionError both
# ways, never a crash of the native codec.
import json

try:
    json.loads("[" * 200000 + "]" * 200000)
except RecursionError:
    print("decode: RecursionError")
deep = []
for _ in range(200000):
    deep = [deep]
try:
    json.dumps(deep)
except RecursionError:
    print("encode: RecursionError")
print("shallow ok" if json.loads(json.dumps([[[1]]])) == [[[1]]] else "wrong")
