# RUN: %parax --dump ast %s 2>&1 | FileCheck %s
# List/dict comprehensions and generator expressions: several generators,
# conditions, tuple targets.
xs = [i * i for i in range(4) if i % 2 for j in range(i)]
d = {k: v for k, v in zip("ab", (1, 2))}
s = sum(x for x in xs)

# CHECK:      value: ListComp @4:6
# CHECK-NEXT:   elt: BinOp * @4:7
# CHECK:        comprehension
# CHECK-NEXT:     target: Name i @4:17
# CHECK-NEXT:     iter: Call @4:22
# CHECK:          if: BinOp % @4:34
# CHECK:        comprehension
# CHECK-NEXT:     target: Name j @4:44
# CHECK:      value: DictComp @5:5
# CHECK-NEXT:   key: Name k @5:6
# CHECK-NEXT:   value: Name v @5:9
# CHECK-NEXT:   comprehension
# CHECK-NEXT:     target: Tuple @5:15
# CHECK:            Constant 'ab' @5:27
# CHECK:      func: Name sum @6:5
# CHECK-NEXT: GeneratorExp @6:9
# CHECK-NEXT:   elt: Name x @6:9
