# hostile: error=MemoryError line=7
# hostile: timeout=20
# A draw too big for host memory is refused before any value is drawn (not
# after minutes of drawing, and never the OOM killer).
import numpy as np

x = np.random.RandomState(0).rand(60000, 60000)
