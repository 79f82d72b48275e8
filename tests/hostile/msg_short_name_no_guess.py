# A one-letter name is one edit from every other one-letter name: no guess.
# hostile: error=NameError line=6
# hostile: expect=name 'q' is not defined
# hostile: reject=did you mean
x = 1
print(q)
