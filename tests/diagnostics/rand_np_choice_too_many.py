# conform: error=ValueError line=7
# expect: Cannot take a larger sample than population when replace is False
# expect: ask for at most 5 samples
import numpy as np

rng = np.random.default_rng(0)
idx = rng.choice(5, size=8, replace=False)
