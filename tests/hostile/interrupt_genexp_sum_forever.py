# sum() over an endless generator expression: no statement runs, the generator expression polls.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=5
# hostile: timeout=30
print(sum(x for x in range(10 ** 15) if x < 0))
