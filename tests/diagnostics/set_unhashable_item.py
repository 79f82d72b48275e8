# conform: error=TypeError line=5
# expect: unhashable type: 'list'
# A list cannot be a set member: the caret points at the item.
rows = [[1, 2], [3, 4]]
seen = {(0, 0), rows[0]}
print(seen)
