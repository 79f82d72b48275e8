# Thousands of generators suspended at once (each body has a native stack of its own), then
# dropped; more generator expressions; under the address-space cap, never a crash.
# hostile: expect=suspended 5000 12497500
# hostile: expect=genexps 200000
# hostile: expect=done
def numbers(i):
    try:
        yield i
        yield i * 2
    finally:
        pass


gens = [numbers(i) for i in range(5000)]
total = sum(next(g) for g in gens)
print("suspended", len(gens), total)
gens = None
many = [(x for x in range(3)) for _ in range(200000)]
print("genexps", sum(next(g) + 1 for g in many))
many = None
print("done")
