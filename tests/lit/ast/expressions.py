# RUN: %parax --dump ast %s 2>&1 | FileCheck %s
# Operator precedence (-x ** 2 is -(x ** 2)), boolean operators, lambda
# defaults, f-string fields with specs and conversions, chained comparison.
# Floats print as Python's repr.
x = 2.5
y = -x ** 2 if x >= 1 and not x < 0 else 1e-5
g = lambda u, v=3: u @ v
s = f"x={x:.2f} {y!r}"
t = 0 < x <= 3

# CHECK:      value: IfExp @6:5
# CHECK-NEXT:   test: BoolOp and @6:16
# CHECK-NEXT:     Compare >= @6:16
# CHECK:          UnaryOp not @6:27
# CHECK-NEXT:       Compare < @6:31
# CHECK:        body: UnaryOp - @6:5
# CHECK-NEXT:     BinOp ** @6:6
# CHECK:        orelse: Constant 1e-05 @6:42
# CHECK:      value: Lambda @7:5
# CHECK-NEXT:   arg u @7:12
# CHECK-NEXT:   arg v @7:15
# CHECK-NEXT:     default: Constant 3 @7:17
# CHECK-NEXT:   body: BinOp @ @7:20
# CHECK:      value: FString @8:5
# CHECK-NEXT:   literal 'x='
# CHECK-NEXT:   field
# CHECK-NEXT:     Name x @8:10
# CHECK-NEXT:     spec: FString @8:12
# CHECK-NEXT:       literal '.2f'
# CHECK-NEXT:   literal ' '
# CHECK-NEXT:   field !r
# CHECK-NEXT:     Name y @8:18
# CHECK:      value: Compare < <= @9:5
# CHECK-NEXT:   Constant 0 @9:5
# CHECK-NEXT:   Name x @9:9
# CHECK-NEXT:   Constant 3 @9:14
