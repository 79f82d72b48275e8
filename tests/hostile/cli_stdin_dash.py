# `parax -` runs the program read from stdin.
# hostile: stdin=program exit=0
# hostile: expect=from stdin 42
print("from stdin", 6 * 7)
