# logging to stdout: basicConfig(level, format, stream), module-level
# functions, %-style arguments, levels and their names, Formatter styles.
import logging
import sys

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s",
                    stream=sys.stdout)
logging.debug("not shown")
logging.info("training started")
logging.warning("loss is %.3f at step %d", 0.12345, 10)
logging.error("bad value: %r", [1, 2])
logging.critical("stop")
logging.log(logging.INFO, "via log()")
print(logging.getLevelName(logging.WARNING), logging.getLevelName(25), logging.getLevelName("ERROR"))
print(logging.DEBUG, logging.INFO, logging.WARNING, logging.ERROR, logging.CRITICAL)
root = logging.getLogger()
print(root.level, root.getEffectiveLevel(), root.name, root is logging.root, len(root.handlers))
root.setLevel(logging.DEBUG)
logging.debug("now shown")
root.setLevel("WARNING")
logging.info("hidden again")
logging.warning("still shown")

logging.basicConfig(level=logging.DEBUG, format="ignored %(message)s")  # no-op: configured
logging.warning("same format")
logging.basicConfig(level=logging.DEBUG, format="[%(levelname)-8s] %(message)s",
                    stream=sys.stdout, force=True)
logging.debug("forced %s", "reconfig")
logging.info("dict args %(a)s/%(b)s", {"a": 1, "b": 2})

fmt = logging.Formatter("{levelname}|{name}|{message}", style="{")
rec = logging.LogRecord("demo", logging.INFO, "/path/to/prog.py", 7, "hello %s", ("you",), None)
print(fmt.format(rec))
print(logging.Formatter("$levelname - $message", style="$").format(rec))
print(logging.Formatter("%(name)s %(lineno)d %(filename)s %(module)s %(levelno)s").format(rec))
print(rec.getMessage(), rec.levelname, rec.name, rec.args)
try:
    logging.Formatter("x", style="?")
except ValueError as e:
    print("ValueError", e)
try:
    root.setLevel("LOUD")
except ValueError as e:
    print("ValueError", e)
