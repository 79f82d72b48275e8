import pprint
import statistics as st

d = {"name": "x" * 30, "values": list(range(30)), "nested": {"b": [1, 2, {"c": "y" * 40}], "a": (1, 2)}}
pprint.pprint(d)
pprint.pprint(list(range(25)))
pprint.pprint([[1, 2], [3, 4]])
print(pprint.pformat({"z": 1, "a": 2}))
pprint.pprint({"k" * 50: "v" * 50})
pprint.pprint(("a" * 40, "b" * 40))
pprint.pprint(("a" * 80,))
pprint.pprint({"b": 1, "a": 2}, sort_dicts=False)
print(pprint.pformat([{"id": i, "score": i * 1.5, "tags": ["t%d" % j for j in range(i)]} for i in range(5)], width=40))
pprint.pprint([], width=1)
print(st.mean([1, 2, 3, 4]), st.mean([1, 2, 3]), st.median([1, 3, 2, 4]), st.median([5, 1, 3]))
print(st.stdev([1, 2, 3, 4]), st.variance([1, 2, 3, 4]), st.pstdev([1, 2, 3, 4]), st.pvariance([1, 2, 3, 4]))
print(st.mode([1, 1, 2, 3]), st.mode(["a", "b", "b"]), st.multimode([1, 1, 2, 2, 3]))
print(st.median_low([1, 2, 3, 4]), st.median_high([1, 2, 3, 4]), st.fmean([1, 2]), st.mean([1.5, 2.5]))
print(st.quantiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], n=4), st.quantiles([1, 2, 3, 4], n=4, method="inclusive"))
print(round(st.geometric_mean([1, 10, 100]), 9), st.harmonic_mean([1, 2, 4]))
try:
    st.mean([])
except st.StatisticsError as e:
    print("StatisticsError:", e, isinstance(e, ValueError))
try:
    st.stdev([1])
except st.StatisticsError as e:
    print("StatisticsError:", e)
