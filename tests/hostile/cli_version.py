# --version prints the version, the LLVM version and the backends.
# hostile: exit=0
# hostile: args=--version
# hostile: expect=parax 0.
# hostile: expect=LLVM
# hostile: expect=backends
