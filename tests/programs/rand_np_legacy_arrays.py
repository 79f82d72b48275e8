# covers: numpy RandomState sequences: permutation, shuffle (lists, arrays, 2-d rows), choice (int and array populations, replace, p=, without replacement with and without p), integer arrays from randint
# conform: exact
import numpy as np

rs = np.random.RandomState(2024)
print(rs.permutation(12).tolist())
print(rs.permutation([10, 20, 30, 40, 50]).tolist())
lst = list(range(10))
rs.shuffle(lst)
print(lst)
names = ["a", "b", "c", "d", "e", "f"]
rs.shuffle(names)
print(names)
arr = np.arange(9)
rs.shuffle(arr)
print(arr.tolist())
grid = np.arange(12).reshape(4, 3)
rs.shuffle(grid)
print(grid.tolist())
print(rs.permutation(np.arange(10).reshape(5, 2)).tolist())

print(int(rs.choice(10)), rs.choice(10, size=8).tolist())
print(rs.choice(100, size=(2, 3)).tolist())
print(rs.choice(20, size=6, replace=False).tolist())
print(rs.choice(5, size=5, replace=False).tolist())
print(rs.choice(6, size=10, p=[0.05, 0.05, 0.1, 0.2, 0.3, 0.3]).tolist())
print(rs.choice(6, size=4, replace=False, p=[0.05, 0.05, 0.1, 0.2, 0.3, 0.3]).tolist())
print(int(rs.choice(3, p=[0.2, 0.3, 0.5])))
print(rs.choice([7, 8, 9], size=5).tolist(), int(rs.choice([7, 8, 9])))
print(rs.choice(np.arange(100, 110), size=4, replace=False).tolist())
print(rs.choice(1000, size=3, replace=False).tolist(), rs.choice(0, size=0).tolist())
print(rs.randint(0, 1000, size=20).tolist())
print(np.random.RandomState(0).permutation(10).tolist(), np.random.RandomState(1).choice(4, 4, replace=False).tolist())
