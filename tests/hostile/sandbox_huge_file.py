# hostile: setup=truncate -s 8G big
# hostile: args=--allow-read {tmp} --max-memory 256MiB
# hostile: argv={tmp}
# hostile: error=MemoryError line=12
# Reading a (sparse) 8 GiB file is a MemoryError before it is read, and a
# line without end is one at the budget - never the OOM killer.
import sys
try:
    open(sys.argv[1] + "/big").read()
except MemoryError:
    print("read() refused")
open(sys.argv[1] + "/big").readline()
