# conform: parax-only error=PermissionError line=4
# expect: --allow-read DIR
# expect: Permission denied: 'weights.bin'
data = open("weights.bin").read()
