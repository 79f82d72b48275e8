# hostile: setup=mkfifo pipe
# hostile: args=--allow-read {tmp}
# hostile: argv={tmp}
# hostile: timeout=20
# hostile: error=PermissionError line=8
# A FIFO would block the open forever (or stream without end): refused.
import sys
open(sys.argv[1] + "/pipe").read()
