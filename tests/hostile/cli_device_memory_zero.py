# --device-memory 0 is refused (exit 2), never read as "unlimited".
# hostile: exit=2
# hostile: args=--device-memory 0
# hostile: expect=--device-memory
print("must not run")
