# hostile: args=--allow-read {tmp}/in
# hostile: setup=mkdir in && echo "1 2" > in/ok.txt && echo "3 4" > secret.txt
# hostile: argv={tmp}
# hostile: error=PermissionError line=11
# hostile: expect=--allow-read
# numpy's loaders open files through the same sandbox as open().
import sys
import numpy as np

print(np.loadtxt(sys.argv[1] + "/in/ok.txt").tolist())
np.loadtxt(sys.argv[1] + "/in/../secret.txt")
