# 10^10 comprehension iterations that keep nothing: no statement runs, the comprehension polls.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=5
# hostile: timeout=30
print(len([0 for i in range(100000) for j in range(100000) if i < 0]))
