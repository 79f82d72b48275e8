# --dump-dir naming a file (not a directory) is refused at start-up with exit 2.
# hostile: exit=2
# hostile: expect=is not a directory
# hostile: args=--dump-dir /dev/null --dump ir
print("must not run")
