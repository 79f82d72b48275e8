# covers: %-formatting widths and flags: text right-aligned by default, '-' left-aligns, '0' pads numbers only, precision cuts strings, * widths
# conform: exact
rows = [("loss", 0.25, 3), ("accuracy", 0.9375, 12), ("lr", 1e-3, 100)]
for name, v, n in rows:
    print("%10s|%-10s|%8.3f|%-8.2e|%5d|%-5d|%05d|" % (name, name, v, v, n, n, n))
print("[%5c] [%-5c] [%5r] [%-8r] [%5.1s] [%*s] [%-*d]" % ("a", "b", "x", "y", "zz", 6, "w", 4, 7))
print("%(k)8s|%(v)-6.1f|" % {"k": "key", "v": 2.25})
print("%+5d|% d|%#x|%#o|%5.1f%%" % (5, 7, 255, 8, 99.44))
