# RUN: %parax --dump ast %s 2>&1 | FileCheck %s
# A function definition: parameters (with defaults) and the body, every node
# with its line:col.
def body(i, acc=0):
    return acc + i * 2

# CHECK:      Module
# CHECK-NEXT:   FunctionDef body @4:1
# CHECK-NEXT:     arg i @4:10
# CHECK-NEXT:     arg acc @4:13
# CHECK-NEXT:       default: Constant 0 @4:17
# CHECK-NEXT:     Return @5:5
# CHECK-NEXT:       BinOp + @5:12
# CHECK-NEXT:         Name acc @5:12
# CHECK-NEXT:         BinOp * @5:18
# CHECK-NEXT:           Name i @5:18
# CHECK-NEXT:           Constant 2 @5:22
# CHECK-NOT:  {{.}}
