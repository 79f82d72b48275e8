# hostile: argv=first "two words" --flag=3 -x
# hostile: expect=['first', 'two words', '--flag=3', '-x']
# hostile: expect=program name ok
# Everything after the program is the program's sys.argv[1:], parax's own
# flags included.
import sys
print(sys.argv[1:])
print("program name ok" if sys.argv[0].endswith("cli_program_args.py") else sys.argv[0])
