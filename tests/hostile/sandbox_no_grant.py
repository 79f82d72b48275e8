# hostile: error=PermissionError line=5
# hostile: expect=--allow-read
# Without --allow-read a program opens no file at all, not even its own source.
import sys
f = open(sys.argv[0])
print(f.read())
