# hostile: args=--allow-read {tmp}
# hostile: argv={tmp}
# hostile: error=PermissionError line=8
# hostile: expect=--allow-write
# np.savetxt writes only under --allow-write.
import sys
import numpy as np
np.savetxt(sys.argv[1] + "/out.txt", np.ones(3))
