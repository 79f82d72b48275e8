# len() and indexing of a 10**8-character string count code points; no str object per character.
# hostile: exit=0 timeout=20 memory=3072
# hostile: expect=100000000 z
s = 'é' + 'a' * 99999998 + 'z'
print(len(s), s[-1])
