# RUN: not %parax %s 2>&1 | FileCheck %s
x = [1, 2
y = 3

# CHECK:      syntax_error.py:2:5: error: SyntaxError: '[' was never closed
# CHECK-NEXT: {{^}}    x = [1, 2
# CHECK-NEXT: {{^}}        ^
