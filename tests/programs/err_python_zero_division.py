# conform: error=ZeroDivisionError line=4
# Python-level division by zero (not an array op).
def mean(xs):
    return sum(xs) / len(xs)

print(mean([1, 2, 3]))
print(mean([]))
