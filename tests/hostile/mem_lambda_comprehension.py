# 10^8 function objects from a comprehension: each counts against the host budget, so this is a
# MemoryError at the comprehension, not the OOM killer (found by the eval fuzzer).
# hostile: error=MemoryError line=6
# hostile: args=--max-memory 512MiB
# hostile: timeout=120
fs = [lambda x, k=k: x + k for k in range(88888883)]
print(len(fs))
