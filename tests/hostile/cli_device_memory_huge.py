# An absurd --device-memory (1e30 bytes, past 2**63) is refused instead of overflowing.
# hostile: exit=2
# hostile: args=--device-memory 1e30
# hostile: expect=too large
print("must not run")
