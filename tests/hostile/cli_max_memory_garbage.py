# A malformed --max-memory is a usage error (exit 2) naming the flag.
# hostile: exit=2
# hostile: args=--max-memory lots
# hostile: expect=--max-memory: cannot parse size 'lots'
print("must not run")
