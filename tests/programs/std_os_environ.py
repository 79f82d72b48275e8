import os

key = "PARAX_STD_TEST_VARIABLE"
print(key in os.environ, os.environ.get(key), os.environ.get(key, "dflt"), os.getenv(key), os.getenv(key, 7))
os.environ[key] = "value1"
print(key in os.environ, os.environ[key], os.getenv(key))
os.environ[key] = os.environ[key] + ":more"
print(os.environ[key])
print(os.environ.setdefault(key, "ignored"), os.environ.setdefault(key + "_2", "set"))
print(os.environ.pop(key + "_2"), key + "_2" in os.environ, os.environ.pop(key + "_2", "gone"))
del os.environ[key]
print(key in os.environ)
try:
    os.environ[key]
except KeyError as e:
    print("KeyError", e)
try:
    del os.environ[key]
except KeyError:
    print("KeyError on del")
try:
    os.environ[key] = 3
except TypeError as e:
    print("TypeError")
os.environ.update({key + "_A": "a", key + "_B": "b"})
print(sorted(k for k in os.environ if k.startswith(key)))
print(sorted(v for k, v in os.environ.items() if k.startswith(key)))
flags = os.environ.get("NOT_SET_ANYWHERE_PARAX", "")
flags += " --my_flag"
print(repr(flags.strip()))
print(isinstance(os.environ.copy(), dict))
print(len([k for k in os.environ.keys() if k.startswith(key)]))
