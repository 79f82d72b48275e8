# conform: error=TypeError line=6
# expect: Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'
import numpy as np

counts = np.arange(3)
counts += 0.5
