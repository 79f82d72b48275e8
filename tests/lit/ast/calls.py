# RUN: %parax --dump ast %s 2>&1 | FileCheck %s
# *args / keyword-only / **kwargs parameters, and starred and keyword
# arguments at a call site.
def f(a, *args, k=1, **kw):
    return a
args = (1, 2)
f(0, *args, k=3, **{"z": 4})

# CHECK:      FunctionDef f @4:1
# CHECK-NEXT:   arg a @4:7
# CHECK-NEXT:   vararg args
# CHECK-NEXT:   kwonlyarg k @4:17
# CHECK-NEXT:     default: Constant 1 @4:19
# CHECK-NEXT:   kwarg kw
# CHECK:      Expr @7:1
# CHECK-NEXT:   Call @7:1
# CHECK-NEXT:     func: Name f @7:1
# CHECK-NEXT:     Constant 0 @7:3
# CHECK-NEXT:     Starred @7:6
# CHECK-NEXT:       Name args @7:7
# CHECK-NEXT:     keyword k @7:13
# CHECK-NEXT:       Constant 3 @7:15
# CHECK-NEXT:     keyword ** @7:18
# CHECK-NEXT:       Dict @7:20
# CHECK-NEXT:         key: Constant 'z' @7:21
# CHECK-NEXT:         value: Constant 4 @7:26
