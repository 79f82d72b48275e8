# Zero padding with thousands separators over a wide field: linear, not one insertion per group.
# hostile: exit=0 timeout=20 memory=3072
# hostile: expect=20000001
s = '{:0=20000001,}'.format(7)
print(len(s))
print(s[-9:])
