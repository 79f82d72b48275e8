//===- SysModule.cpp - sys, the standard streams and SystemExit -----------===//
//
// sys is native (argv, exit, the streams, limits; sys.py adds version_info
// and float_info). sys.stdout and sys.stderr are the session's output and
// error sinks, the same ones print() and diagnostics use, so output keeps
// its order; a program may replace sys.stdout (redirect_stdout) and print
// follows it. The hidden module _parax carries what the modules written in
// Python need from the host, each behind the sandbox: the files of
// SandboxedFiles, os.environ's copy (and its XLA_FLAGS device count),
// os.path's view of granted directories, warnings' caller lines.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/SysModule.h"
#include "frontend/lib/FileObjects.h"
#include "frontend/lib/JsonCodec.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/SandboxedFiles.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "runtime/BackendStop.h"

#include <chrono>
#include <climits>
#include <cstring>
#include <ctime>
#include <thread>
#include <unistd.h>

namespace parax::frontend {

namespace {
/// sys.stdout / sys.stderr: text streams onto the session's sinks.
class StdStream : public NativeObject {
public:
  explicit StdStream(bool err) : err_(err) {}
  std::string typeName() const override { return "_io.TextIOWrapper"; }
  std::string repr() const override {
    return std::string("<_io.TextIOWrapper name='<") + (err_ ? "stderr" : "stdout") +
           ">' mode='w' encoding='utf-8'>";
  }
  static void write(Evaluator &ev, bool err, const std::string &s) {
    if (err)
      ev.options().errSink(s);
    else
      ev.write(s);
  }
  void write(Evaluator &ev, const std::string &s) const { write(ev, err_, s); }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    bool err = err_;
    if (name == "write") {
      out = makeBuiltin(err ? "stderr.write" : "stdout.write",
                        [err](Evaluator &ev, CallArgs &a) {
                          expectPositional(a, 1, 1, "write");
                          if (!a.args[0].isStr())
                            raise("TypeError", "write() argument must be str, not " +
                                                   frontend::typeName(a.args[0]));
                          write(ev, err, a.args[0].asStr());
                          int64_t chars = 0;
                          for (unsigned char c : a.args[0].asStr())
                            chars += (c & 0xC0) != 0x80;
                          return Value::integer(chars);
                        });
    } else if (name == "writelines") {
      out = makeBuiltin("writelines", [err](Evaluator &ev, CallArgs &a) {
        expectPositional(a, 1, 1, "writelines");
        for (const Value &line : ev.iterate(a.args[0], a.loc)) {
          if (!line.isStr())
            raise("TypeError", "write() argument must be str, not " + frontend::typeName(line));
          write(ev, err, line.asStr());
        }
        return Value::none();
      });
    } else if (name == "flush") {
      out = makeBuiltin("flush", [](Evaluator &, CallArgs &) { return Value::none(); });
    } else if (name == "isatty" || name == "readable" || name == "seekable") {
      out = makeBuiltin(name, [](Evaluator &, CallArgs &) { return Value::boolean(false); });
    } else if (name == "writable") {
      out = makeBuiltin(name, [](Evaluator &, CallArgs &) { return Value::boolean(true); });
    } else if (name == "fileno") {
      out = makeBuiltin("fileno", [err](Evaluator &, CallArgs &) {
        return Value::integer(err ? 2 : 1);
      });
    } else if (name == "name") {
      out = Value::str(err ? "<stderr>" : "<stdout>");
    } else if (name == "encoding") {
      out = Value::str("utf-8");
    } else if (name == "errors") {
      out = Value::str(err ? "backslashreplace" : "strict");
    } else if (name == "closed" || name == "line_buffering") {
      out = Value::boolean(false);
    } else if (name == "mode") {
      out = Value::str("w");
    } else {
      return false;
    }
    return true;
  }
  std::vector<std::string> attrNames() const override {
    return {"write", "writelines", "flush", "isatty", "fileno", "name", "encoding", "closed",
            "mode", "readable", "writable", "seekable"};
  }

private:
  bool err_;
};

StdStream *asStream(const Value &v) {
  return v.kind() == Value::Kind::Native ? v.as<StdStream>() : nullptr;
}

Value systemExit(Evaluator &ev, std::vector<Value> args, Loc loc) {
  Value type = ev.exceptionTypes().value("SystemExit");
  Value exc = ev.call(type, std::move(args), loc);
  throw makeRaisedError(ev, exc, loc);
}

/// The caller `level` Python frames up: (filename, lineno, source line).
Value callerLine(Evaluator &ev, int64_t level) {
  std::vector<const TraceFrame *> frames = TraceFrame::frames(ev.callStack());
  if (level < 1 || size_t(level) > frames.size())
    return Value::tuple({Value::str("sys"), Value::integer(1), Value::str("")});
  const TraceFrame *f = frames[frames.size() - size_t(level)];
  Loc l = f->callLoc;
  if (!l.valid())
    return Value::tuple({Value::str("sys"), Value::integer(1), Value::str("")});
  return Value::tuple({Value::str(SourceRegistry::name(l.file)), Value::integer(l.line),
                       Value::str(SourceRegistry::line(l.file, l.line))});
}

/// `--xla_force_host_platform_device_count=N` in an XLA_FLAGS value: N, or
/// 0 when absent; -1 when malformed.
int64_t xlaDeviceCount(const std::string &flags) {
  const std::string key = "--xla_force_host_platform_device_count=";
  int64_t n = 0;
  size_t at = 0;
  while ((at = flags.find(key, at)) != std::string::npos) {
    at += key.size();
    size_t end = flags.find_first_of(" \t\n", at);
    std::string v = flags.substr(at, end == std::string::npos ? std::string::npos : end - at);
    char *stop = nullptr;
    long long x = std::strtoll(v.c_str(), &stop, 10);
    n = v.empty() || *stop ? -1 : x;
  }
  return n;
}

void installSys(Evaluator &ev, ModuleObject &sys) {
  std::vector<Value> argv;
  for (const std::string &a : ev.options().argv)
    argv.push_back(Value::str(a));
  if (argv.empty())
    argv.push_back(Value::str(""));
  sys.set("argv", Value::list(argv));
  sys.set("orig_argv", Value::list(argv));
  Value out = Value::object(Value::Kind::Native, std::make_shared<StdStream>(false));
  Value err = Value::object(Value::Kind::Native, std::make_shared<StdStream>(true));
  sys.set("stdout", out);
  sys.set("stderr", err);
  sys.set("__stdout__", out);
  sys.set("__stderr__", err);
  sys.set("maxsize", Value::integer(INT64_MAX));
  sys.set("maxunicode", Value::integer(0x10FFFF));
  sys.set("platform", Value::str("linux"));
  sys.set("byteorder", Value::str("little"));
  sys.set("executable", Value::str(""));
  sys.set("float_repr_style", Value::str("short"));
  sys.def("exception", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 0, 0, "exception");
    return ev.handledException();
  });
  sys.def("exc_info", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 0, 0, "exc_info");
    Value e = ev.handledException();
    if (e.isNone())
      return Value::tuple({Value(), Value(), Value()});
    return Value::tuple({ev.call(ev.builtin("type"), {e}, a.loc), e, Value()});
  });
  sys.def("exit", [](Evaluator &ev, CallArgs &a) -> Value {
    expectPositional(a, 0, 1, "exit");
    return systemExit(ev, a.args, a.loc);
  });
  sys.def("getrecursionlimit", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 0, 0, "getrecursionlimit");
    return Value::integer(ev.recursionLimit);
  });
  sys.def("setrecursionlimit", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "setrecursionlimit");
    if (!a.args[0].isInt() || a.args[0].isBool())
      raise("TypeError", "'" + typeName(a.args[0]) + "' object cannot be interpreted as an integer");
    int64_t n = a.args[0].asInt();
    if (n < 1)
      raise("ValueError", "recursion limit must be greater or equal than 1");
    if (n > kMaxCallDepth)
      raise("RecursionError",
            "parax allows at most " + std::to_string(kMaxCallDepth) +
                " nested calls; setrecursionlimit(" + std::to_string(n) + ") cannot raise it",
            "rewrite the deep recursion as a loop");
    ev.recursionLimit = int(n);
    return Value::none();
  });
  sys.def("getdefaultencoding", [](Evaluator &, CallArgs &) { return Value::str("utf-8"); });
  sys.def("getfilesystemencoding", [](Evaluator &, CallArgs &) { return Value::str("utf-8"); });
  sys.def("intern", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "intern");
    if (!a.args[0].isStr())
      raise("TypeError", "intern() argument must be str, not " + typeName(a.args[0]));
    return a.args[0];
  });
}

void installParaxHelpers(Evaluator &ev, ModuleObject &m) {
  installFileFunctions(ev, m);
  installJsonFunctions(ev, m);
  // os.environ's starting contents (a copy; the host's environment is not
  // the program's).
  m.def("environ", [](Evaluator &ev, CallArgs &) {
    std::vector<Value> pairs;
    for (auto &kv : ev.options().environ)
      pairs.push_back(Value::tuple({Value::str(kv.first), Value::str(kv.second)}));
    return Value::list(pairs);
  });
  // os.environ changed `key`: XLA_FLAGS before `import jax` sets the device
  // count on the host platforms (cpu, interp), as it does for JAX.
  int commandLineDevices = ev.options().numDevices;
  m.def("environ_changed", [commandLineDevices](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "environ_changed");
    if (!a.args[0].isStr() || a.args[0].asStr() != "XLA_FLAGS" || ev.jaxImported)
      return Value::none();
    const std::string &backend = ev.options().backendName;
    if (backend != "cpu" && backend != "interp")
      return Value::none();
    int64_t n = a.args[1].isStr() ? xlaDeviceCount(a.args[1].asStr()) : 0;
    if (n < 0 || n > 64)
      raise("ValueError",
            "XLA_FLAGS: --xla_force_host_platform_device_count must be an integer from 1 to 64 "
            "in parax",
            "parax runs 1 to 64 virtual devices (as --devices N)");
    ev.options().numDevices = n == 0 ? commandLineDevices : int(n);
    return Value::none();
  });
  // os.path.exists/isfile/isdir: only what a grant shows.
  m.def("path_kind", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "path_kind");
    if (!a.args[0].isStr() || !ev.options().files)
      return Value::integer(0);
    return Value::integer(int64_t(ev.options().files->kindOf(a.args[0].asStr())));
  });
  // os.remove/rmdir/mkdir/listdir and os.path.getsize, under the grants.
  m.def("fs_op", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "fs_op");
    std::string op = a.args[0].asStr();
    if (!a.args[1].isStr())
      raise("TypeError", "expected str, bytes or os.PathLike object, not " +
                             frontend::typeName(a.args[1]));
    std::string path = a.args[1].asStr();
    static const FileSandbox none;
    const FileSandbox &box = ev.options().files ? *ev.options().files : none;
    FileSandbox::Op kind = op == "remove"   ? FileSandbox::Op::Remove
                           : op == "rmdir"  ? FileSandbox::Op::RemoveDir
                           : op == "mkdir"  ? FileSandbox::Op::MakeDir
                           : op == "listdir" ? FileSandbox::Op::List
                                            : FileSandbox::Op::Size;
    FileError err;
    std::vector<std::string> names;
    int64_t size = 0;
    if (!box.fileOp(kind, path, err, &names, &size))
      raiseFileError(ev, err, path);
    if (kind == FileSandbox::Op::List) {
      std::vector<Value> out;
      for (auto &n : names)
        out.push_back(Value::str(n));
      return Value::list(out);
    }
    return kind == FileSandbox::Op::Size ? Value::integer(size) : Value::none();
  });
  m.def("fs_rename", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "fs_rename");
    for (const Value &p : a.args)
      if (!p.isStr())
        raise("TypeError", "expected str, bytes or os.PathLike object, not " +
                               frontend::typeName(p));
    static const FileSandbox none;
    const FileSandbox &box = ev.options().files ? *ev.options().files : none;
    FileError err;
    if (!box.rename(a.args[0].asStr(), a.args[1].asStr(), err))
      raiseFileError(ev, err, a.args[0].asStr());
    return Value::none();
  });
  // What copy, abc and enum need of the object model.
  m.def("new_instance", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "new_instance");
    ClassObj *c = asClass(a.args[0]);
    if (!c)
      raise("TypeError", "new_instance() needs a class, not " + frontend::typeName(a.args[0]));
    return Value::object(Value::Kind::Native,
                         std::make_shared<InstanceObj>(
                             std::static_pointer_cast<ClassObj>(c->shared_from_this())));
  });
  m.def("construct", [](Evaluator &ev, CallArgs &a) {
    ClassObj *c = a.args.empty() ? nullptr : asClass(a.args[0]);
    if (!c)
      raise("TypeError", "construct() needs a class");
    CallArgs rest = a;
    rest.args.erase(rest.args.begin());
    return c->construct(ev, rest);
  });
  m.def("set_own_attr", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 3, 3, "set_own_attr");
    auto *i = a.args[0].kind() == Value::Kind::Native ? asInstance(a.args[0]) : nullptr;
    if (!i || !a.args[1].isStr())
      raise("TypeError", "set_own_attr() needs an instance and a name");
    i->setOwnAttr(a.args[1].asStr(), a.args[2]);
    return Value::none();
  });
  m.def("id", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "id");
    const void *p = a.args[0].objectPtr().get();
    if (p)
      return Value::integer(int64_t(reinterpret_cast<uintptr_t>(p) >> 3));
    // Inline values (None, bools, small numbers): identity is the value.
    return Value::integer(-1 - int64_t(a.args[0].kind()));
  });
  m.def("getcwd", [](Evaluator &, CallArgs &) {
    return Value::str(FileSandbox::absolutePath("."));
  });
  m.def("caller", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "caller");
    return callerLine(ev, a.args[0].isInt() ? a.args[0].asInt() : 1);
  });
  m.def("stderr_write", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "stderr_write");
    ev.options().errSink(ev.str(a.args[0]));
    return Value::none();
  });
}

void installTimeExtras(ModuleObject &time) {
  using namespace std::chrono;
  time.def("sleep", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "sleep");
    if (!a.args[0].isNumber())
      raise("TypeError", "'" + typeName(a.args[0]) + "' object cannot be interpreted as an integer");
    double secs = a.args[0].asFloat();
    if (!(secs >= 0))
      raise("ValueError", "sleep length must be non-negative");
    // In slices, so Ctrl-C and --timeout stop a long sleep at once.
    auto end = steady_clock::now() +
               duration_cast<steady_clock::duration>(duration<double>(std::min(secs, 1e9)));
    for (;;) {
      if (ev.options().stop)
        ev.options().stop->check(a.loc);
      auto now = steady_clock::now();
      if (now >= end)
        break;
      steady_clock::duration slice = milliseconds(20);
      std::this_thread::sleep_for(std::min(slice, end - now));
    }
    return Value::none();
  });
  time.def("monotonic", [](Evaluator &, CallArgs &) {
    return Value::floating(duration<double>(steady_clock::now().time_since_epoch()).count());
  });
  time.def("perf_counter_ns", [](Evaluator &, CallArgs &) {
    return Value::integer(duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count());
  });
  time.def("monotonic_ns", [](Evaluator &, CallArgs &) {
    return Value::integer(duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count());
  });
  time.def("time_ns", [](Evaluator &, CallArgs &) {
    return Value::integer(duration_cast<nanoseconds>(system_clock::now().time_since_epoch()).count());
  });
  time.def("process_time", [](Evaluator &, CallArgs &) {
    return Value::floating(double(std::clock()) / CLOCKS_PER_SEC);
  });
}
} // namespace

void installStdlibModules(Evaluator &ev, std::unordered_map<std::string, Value> &mods) {
  auto sys = std::make_shared<ModuleObject>("sys");
  installSys(ev, *sys);
  mods["sys"] = Value::object(Value::Kind::Native, sys);
  auto helpers = std::make_shared<ModuleObject>("_parax");
  installParaxHelpers(ev, *helpers);
  mods["_parax"] = Value::object(Value::Kind::Native, helpers);
  auto time = mods.find("time");
  if (time != mods.end())
    if (auto *t = time->second.as<ModuleObject>())
      installTimeExtras(*t);
}

void printTo(Evaluator &ev, const Value &file, const std::vector<std::string> &pieces) {
  Value target = file;
  if (target.isNone()) {
    Value sys = ev.loadedModule("sys");
    if (auto *m = sys.isNone() ? nullptr : sys.as<ModuleObject>())
      if (!m->getAttr(ev, "stdout", target))
        target = Value();
    if (target.isNone())
      return; // sys.stdout = None: print() writes nothing, as in CPython
  }
  if (StdStream *s = asStream(target)) {
    std::string text;
    for (auto &p : pieces)
      text += p;
    s->write(ev, text);
    return;
  }
  Value write = ev.getAttr(target, "write", ev.currentLoc());
  for (auto &p : pieces)
    if (!p.empty())
      ev.call(write, {Value::str(p)}, ev.currentLoc());
}

std::optional<int> systemExitStatus(const ParaxError &e, std::string &message) {
  auto *r = dynamic_cast<const RaisedError *>(&e);
  ExceptionValue *x = r ? asException(r->exception()) : nullptr;
  if (!x) {
    if (e.diag().kind != "SystemExit")
      return std::nullopt;
    message = e.diag().message.empty() ? "" : e.diag().message + "\n";
    return 1;
  }
  bool isExit = false;
  for (const ExceptionType *t = x->type().get(); t; t = t->base().get())
    isExit |= t->name() == "SystemExit";
  if (!isExit)
    return std::nullopt;
  const std::vector<Value> &args = x->args();
  Value code = args.empty() ? Value() : args.size() == 1 ? args[0] : Value::tuple(args);
  if (code.isNone())
    return 0;
  if (code.isInt())
    return int(code.asInt());
  message = (x->ev ? x->ev->str(code) : std::string()) + "\n";
  return 1;
}

} // namespace parax::frontend
