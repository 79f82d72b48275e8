# RUN: not %parax %s 2>&1 | FileCheck %s
def scale(values, factor):
    return [v * factr for v in values]

print(scale([1, 2], 3))

# CHECK:      python_name_error.py:3:17: error: NameError: name 'factr' is not defined
# CHECK-NEXT: {{^}}    return [v * factr for v in values]
# CHECK-NEXT: {{^}}                ^~~~~
# CHECK-NEXT: {{^}}  in scale ({{.*}}python_name_error.py:5:7)
# CHECK-NEXT: hint: did you mean 'factor'?
