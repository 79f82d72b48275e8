# `parax /dev/zero` refuses a device at once instead of reading gigabytes of zeros.
# hostile: path=/dev/zero exit=2 timeout=10 memory=2048
# hostile: expect=not a regular file
