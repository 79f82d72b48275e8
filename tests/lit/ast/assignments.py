# RUN: %parax --dump ast %s 2>&1 | FileCheck %s
# Nested and starred unpacking targets, augmented assignment to a subscript,
# slices with omitted bounds.
a, (b, *c) = 1, (2, 3, 4)
xs = [0, 1]
xs[0] += a
ys = xs[-1:]

# CHECK:      Assign @4:1
# CHECK-NEXT:   target: Tuple @4:1
# CHECK-NEXT:     Name a @4:1
# CHECK-NEXT:     Tuple @4:4
# CHECK-NEXT:       Name b @4:5
# CHECK-NEXT:       Starred @4:8
# CHECK-NEXT:         Name c @4:9
# CHECK-NEXT:   value: Tuple @4:14
# CHECK:      AugAssign += @6:1
# CHECK-NEXT:   target: Subscript @6:1
# CHECK-NEXT:     Name xs @6:1
# CHECK-NEXT:     index: Constant 0 @6:4
# CHECK-NEXT:   value: Name a @6:10
# CHECK:      value: Subscript @7:6
# CHECK-NEXT:   Name xs @7:6
# CHECK-NEXT:   index: Slice @7:9
# CHECK-NEXT:     lower: UnaryOp - @7:9
# CHECK-NEXT:       Constant 1 @7:10
# CHECK-NOT:      upper:
# CHECK-NOT:  error
