# Logger hierarchy: getLogger(name), parents, propagation, effective levels,
# handlers with their own levels and formatters, custom Handler subclasses,
# filters, LoggerAdapter, exception() with exc_info.
import logging
import sys

app = logging.getLogger("app")
db = logging.getLogger("app.db")
print(db.parent is app, app.parent is logging.root, db.name, app.getEffectiveLevel())
print(logging.getLogger("app") is app, app.getChild("db") is db)

out = logging.StreamHandler(sys.stdout)
out.setFormatter(logging.Formatter("%(name)s - %(levelname)s - %(message)s"))
app.addHandler(out)
app.setLevel(logging.DEBUG)
app.propagate = False
db.info("connected to %s", "sqlite")
db.debug("query took %d ms", 3)
print(db.getEffectiveLevel(), db.isEnabledFor(logging.DEBUG), app.hasHandlers())
out.setLevel(logging.WARNING)
db.info("filtered by the handler")
db.warning("slow query")
out.setLevel(logging.NOTSET)


class ListHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append((record.levelname, record.name, self.format(record)))


collector = ListHandler()
collector.setFormatter(logging.Formatter("%(message)s!"))
db.addHandler(collector)
db.error("disk %s", "full")
print(collector.records)


class OnlyErrors(logging.Filter):
    def filter(self, record):
        return record.levelno >= logging.ERROR


collector.addFilter(OnlyErrors())
db.warning("not collected")
db.critical("collected")
print([r[0] for r in collector.records])

mid = logging.getLogger("app.db.pool")
print(mid.parent is db, mid.getEffectiveLevel())
svc = logging.getLogger("svc.worker")
svc_parent = logging.getLogger("svc")
print(svc.parent is svc_parent)

adapter = logging.LoggerAdapter(app, {"job": 7})
adapter.info("from the adapter")
app.removeHandler(out)  # the traceback's frames name this file's path
try:
    int("x")
except ValueError:
    collector.records.clear()
    db.exception("conversion failed")
app.addHandler(out)
lines = collector.records[0][2].splitlines()
print(collector.records[0][0], lines[0], lines[1], lines[-1])
print(repr(app), repr(logging.getLogger()))
logging.disable(logging.CRITICAL)
app.critical("disabled")
logging.disable(logging.NOTSET)
app.info("enabled again")
