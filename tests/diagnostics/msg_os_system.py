# conform: parax-only error=AttributeError line=4
# expect: cannot start processes
import os
os.system("ls")
