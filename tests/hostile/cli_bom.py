# A UTF-8 byte order mark (as some editors write) is not a syntax error.
# hostile: exit=0
# hostile: expect=bom ok
print("bom", "ok")
