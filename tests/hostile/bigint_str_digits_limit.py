# hostile: error=ValueError line=5 backends=cpu expect=Exceeds the limit (4300 digits)
# Python refuses decimal strings of ints past 4300 digits (CVE-2020-10735)
# and so does parax, without converting a million-bit int first.
x = 7 ** 400000
print(x)
