# RUN: %parax --dump ast %s 2>&1 | FileCheck %s
# while/else, for with a tuple target, if/elif/else (elif nests in else:),
# break, continue, pass.
n = 0
while n < 3:
    n += 1
else:
    pass
for i, j in [(1, 2)]:
    if i > j:
        break
    elif i == j:
        continue
    else:
        pass

# CHECK:      While @5:1
# CHECK-NEXT:   test: Compare < @5:7
# CHECK-NEXT:     Name n @5:7
# CHECK-NEXT:     Constant 3 @5:11
# CHECK-NEXT:   AugAssign += @6:5
# CHECK-NEXT:     target: Name n @6:5
# CHECK-NEXT:     value: Constant 1 @6:10
# CHECK-NEXT:   else:
# CHECK-NEXT:     Pass @8:5
# CHECK-NEXT: For @9:1
# CHECK-NEXT:   target: Tuple @9:5
# CHECK-NEXT:     Name i @9:5
# CHECK-NEXT:     Name j @9:8
# CHECK-NEXT:   iter: List @9:13
# CHECK:        If @10:5
# CHECK-NEXT:     test: Compare > @10:8
# CHECK:          Break @11:9
# CHECK-NEXT:     else:
# CHECK-NEXT:       If @12:5
# CHECK-NEXT:         test: Compare == @12:10
# CHECK:              Continue @13:9
# CHECK-NEXT:         else:
# CHECK-NEXT:           Pass @15:9
