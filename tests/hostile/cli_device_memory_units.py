# Sizes take KiB/MiB/GiB/TiB and KB/MB/GB units.
# hostile: exit=0
# hostile: args=--device-memory 2GiB --max-memory 1500MB
# hostile: expect=ran
print("ran")
