# conform: error=ModuleNotFoundError line=4
# expect: parax provides no module 'torch'
import jax
import torch
