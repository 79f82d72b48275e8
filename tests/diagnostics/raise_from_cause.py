# conform: error=RuntimeError line=11
# expect: error: RuntimeError: missing config field 'steps'
# expect: note: this exception was directly caused by KeyError: 'steps'
config = {"lr": "0.1"}


def get(key):
    try:
        return config[key]
    except KeyError as e:
        raise RuntimeError(f"missing config field {key!r}") from e


print(get("lr"))
print(get("steps"))
