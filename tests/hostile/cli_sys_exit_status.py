# hostile: exit=3
# hostile: expect=before exit
# hostile: reject=after exit
# hostile: reject=Traceback
# sys.exit(3) ends the program with status 3 and no diagnostic, after its
# finally blocks run.
import sys
try:
    print("before exit")
    sys.exit(3)
finally:
    print("finally ran")
print("after exit")
