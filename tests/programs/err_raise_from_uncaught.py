# conform: error=RuntimeError line=11
# raise ... from: the uncaught error is the new one (its line); the cause is
# named too.
config = {"lr": "0.1"}


def get(key):
    try:
        return config[key]
    except KeyError as e:
        raise RuntimeError(f"missing config field {key!r}") from e


print(get("lr"))
print(get("steps"))
