# A plain Python endless loop: the evaluator polls the timeout at each statement.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=6
# hostile: timeout=30
while True:
    pass
