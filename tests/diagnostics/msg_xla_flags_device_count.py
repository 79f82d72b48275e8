# conform: parax-only error=ValueError line=5
# expect: --xla_force_host_platform_device_count
# expect: 1 to 64
import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=1000"
import jax
