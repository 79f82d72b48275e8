# A program piped into plain `parax` runs as <stdin> and stops at its first error with exit 1 (as python3 does).
# hostile: stdin=piped error=ZeroDivisionError line=6
# hostile: expect=before
# hostile: reject=after the error
print("before")
x = 1 / 0
print("after the error")
