# --device-memory 0.5 (half a byte) is refused, never read as "unlimited".
# hostile: exit=2
# hostile: args=--device-memory 0.5
# hostile: expect=--device-memory
print("must not run")
