# conform: parax-only error=NameError line=3
# expect: parax programs cannot open files
data = open("weights.bin").read()
