# hostile: args=--allow-read {tmp}
# hostile: argv={tmp}
# hostile: error=PermissionError line=8
# hostile: expect=--allow-write
# Reading a directory does not grant writing it.
import sys
print("read granted")
open(sys.argv[1] + "/new.txt", "w")
