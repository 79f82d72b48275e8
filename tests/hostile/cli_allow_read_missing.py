# hostile: args=--allow-read {tmp}/does-not-exist
# hostile: exit=2
# hostile: expect=does not exist
print("never runs")
