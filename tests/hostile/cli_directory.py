# `parax DIR` refuses a directory with exit 2 and says so (it exited 0).
# hostile: path={tmp} exit=2
# hostile: expect=is a directory
