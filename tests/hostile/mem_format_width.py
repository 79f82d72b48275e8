# A 10**8-wide format field: Python builds it in 0.3 s and 111 MB; it must not take a minute and 9.5 GB.
# hostile: exit=0 timeout=20 memory=3072
# hostile: expect=100000000
s = '{:>100000000}'.format(1)
print(len(s))
t = f'{"x":*^100000000}'
print(len(t))
