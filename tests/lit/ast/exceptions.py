# RUN: %parax --dump ast %s 2>&1 | FileCheck %s
# try/except/else/finally with typed, tuple, named and bare handlers;
# raise in its three forms; global and nonlocal declarations.
def f():
    global g
    n = 0
    def h():
        nonlocal n
    try:
        raise ValueError("x") from None
    except (KeyError, IndexError) as e:
        raise
    except:
        pass
    else:
        n = 1
    finally:
        n = 2

# CHECK:      FunctionDef f @4:1
# CHECK-NEXT:   Global g @5:5
# CHECK:        FunctionDef h @7:5
# CHECK-NEXT:     Nonlocal n @8:9
# CHECK-NEXT:   Try @9:5
# CHECK-NEXT:     Raise @10:9
# CHECK-NEXT:       exc: Call @10:15
# CHECK:            cause: Constant None @10:36
# CHECK-NEXT:     ExceptHandler as e @11:5
# CHECK-NEXT:       type: Tuple @11:12
# CHECK-NEXT:         Name KeyError @11:13
# CHECK-NEXT:         Name IndexError @11:23
# CHECK-NEXT:       Raise @12:9
# CHECK-NEXT:     ExceptHandler @13:5
# CHECK-NEXT:       Pass @14:9
# CHECK-NEXT:     else:
# CHECK-NEXT:       Assign @16:9
# CHECK:          finally:
# CHECK-NEXT:       Assign @18:9
# CHECK-NOT:  error
