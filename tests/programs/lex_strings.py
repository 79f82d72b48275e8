# String literal forms: quotes, escapes, triple-quoted, adjacent concatenation, unicode.
s1 = 'single'
s2 = "double"
s3 = 'it\'s'
s4 = "say \"hi\""
s5 = """triple
quoted"""
s6 = '''also
triple'''
s7 = 'adj' "acent" 'concat'
s8 = "tab\tand\\backslash"
s9 = "设备 é ü"
print(s1, s2, s3, s4)
print(s5)
print(s6)
print(s7, len(s7))
print(s8, len(s8))
print(s9, len(s9))
print('' == "", len(''), 'a' 'b' == 'ab')
print("line1\nline2")
print('#not a comment', "x # y")
