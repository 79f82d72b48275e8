//===- EmbedInterpreter.cpp - parax::embed::Interpreter -------------------===//
//
// An Interpreter owns a backend and an evaluator (its global scope), made as
// repl/Session makes them but without the terminal parts a Session adds for
// the command (e.g. a debugger on stdin). Every call takes the
// interpreter's mutex, so calls from several threads run one
// at a time; interrupt() only stores to the stop flag that the evaluator
// (each statement), the backends (each loop iteration, compiled or not) and
// collective waits poll. Config::timeout arms a watchdog on the same flag
// for each call.
//
// Memory: the interpreter owns the source texts it ran (a SourceSet) and
// their ASTs, and frees them with itself. Once a run's result or error has
// been rendered, its AST is freed unless it defined a function (functions
// point into it), and then its text too if it compiled no program (the
// locations of compiled programs may name it), so a host that runs many
// scripts in one interpreter keeps only what their definitions need.
// clearCaches() empties the jit objects' caches and the backend's code.
//
//===----------------------------------------------------------------------===//
#include "repl/embed/EmbedImpl.h"
#include "frontend/lib/SandboxedFiles.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Jit.h"
#include "frontend/syntax/Parser.h"
#include "ir/HostMemory.h"
#include "repl/Options.h"
#include "repl/ProgramSource.h"
#include "runtime/Backend.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <new>
#include <optional>
#include <sstream>

namespace parax::embed {

struct Interpreter::Impl {
  std::mutex mu;
  runtime::StopFlag stop;
  runtime::Watchdog watchdog{stop};
  double timeout = 0;
  uint64_t id = 0;
  std::function<void(std::string_view)> onPrint;
  int devices = 1;
  // Destroyed in reverse order: the evaluator (whose values hold compiled
  // programs and point into the ASTs) first, then the backend, then the
  // parsed sources, then their texts.
  SourceSet sources;
  std::vector<std::unique_ptr<frontend::Module>> modules;
  std::unique_ptr<runtime::Backend> backend;
  std::unique_ptr<frontend::Evaluator> evaluator;

  /// The run of the current call, freed afterwards if nothing refers to it.
  struct PendingRun {
    uint32_t file = 0;
    bool parsed = false; ///< modules.back() is its AST.
    uint64_t programs = 0;
  };
  std::optional<PendingRun> pending;

  frontend::Evaluator &ev() { return *evaluator; }

  /// Runs `body` under the lock, turning every failure into an Error.
  template <typename F> auto guarded(F &&body) -> Result<decltype(body())> {
    std::lock_guard<std::mutex> lock(mu);
    stop.clear();
    struct Clock { // Config::timeout bounds each call
      runtime::Watchdog &w;
      Clock(runtime::Watchdog &w, double seconds) : w(w) { w.arm(seconds); }
      ~Clock() { w.disarm(); }
    } clock(watchdog, timeout);
    Result<decltype(body())> r = [&]() -> Result<decltype(body())> {
      try {
        return body();
      } catch (ParaxError &e) {
        return toError(e.diag());
      } catch (Exception &e) {
        return e.error();
      } catch (std::bad_alloc &) {
        return makeError("MemoryError", "out of host memory");
      } catch (std::exception &e) {
        return makeError("InternalError",
                         std::string("parax failed unexpectedly (please report this bug): ") +
                             e.what());
      }
    }();
    releaseIdleRun(); // after the error (if any) was rendered from its source
    return r;
  }

  frontend::Value runText(std::string_view text, std::string_view name, bool wantLast) {
    pending = PendingRun{sources.add(std::string(name), std::string(text)), false,
                         ev().programsCompiled()};
    modules.push_back(frontend::parseModule(pending->file));
    pending->parsed = true;
    frontend::Value last;
    ev().execModule(*modules.back(), wantLast ? &last : nullptr);
    return last;
  }

  /// Frees the pending run's AST unless it defined a function, and its
  /// text unless, in addition, it compiled a program.
  void releaseIdleRun() {
    if (!pending)
      return;
    PendingRun run = *pending;
    pending.reset();
    if (ev().functionsMadeIn(run.file) != 0)
      return;
    if (run.parsed)
      modules.pop_back();
    if (ev().programsCompiled() == run.programs)
      sources.remove(run.file);
  }

  frontend::Value unwrap(const Value &v) {
    if (v.impl()->owner && v.impl()->owner != id)
      throw ParaxError("ValueError", "this value belongs to another parax Interpreter");
    return v.impl()->value;
  }
};

namespace {
std::atomic<uint64_t> gNextId{1};

bool isIdentifier(std::string_view s) {
  if (s.empty() || std::isdigit((unsigned char)s[0]))
    return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum((unsigned char)c) || c == '_' || (unsigned char)c >= 0x80;
  });
}
} // namespace

Result<Interpreter> Interpreter::create(const Config &config) {
  // The command's defaults: PARAX_* environment variables.
  Options opts;
  std::string error;
  char prog[] = "parax";
  char *argv[] = {prog, nullptr};
  if (!parseOptions(1, argv, opts, error))
    return makeError("ValueError", error);
  if (config.devices)
    opts.devices = config.devices;
  if (!config.backend.empty())
    opts.backend = config.backend;
  if (config.deviceMemory >= 0)
    opts.deviceMemory = config.deviceMemory;
  if (config.maxMemory > 0)
    opts.maxMemory = config.maxMemory;
  // One budget for the whole process: the last interpreter that names one
  // sets it.
  if (opts.maxMemory > 0)
    HostMemory::setLimit(opts.maxMemory);
  if (opts.devices < 1 || opts.devices > 64)
    return makeError("ValueError", "the device count must be from 1 to 64, got " +
                                       std::to_string(opts.devices));
  if (opts.backend != "auto" && opts.backend != "cpu" && opts.backend != "cuda" &&
      opts.backend != "interp")
    return makeError("ValueError",
                     "backend must be auto, cpu, cuda or interp, got '" + opts.backend + "'");
  if (!config.argv.empty()) {
    opts.program = config.argv[0];
    opts.programArgs.assign(config.argv.begin() + 1, config.argv.end());
  }
  auto impl = std::make_unique<Impl>();
  impl->id = gNextId++;
  impl->onPrint = config.onPrint;
  impl->devices = opts.devices;
  if (!(config.timeout >= 0) || config.timeout > 1e9)
    return makeError("ValueError", "timeout must be from 0 (none) to 1e9 seconds");
  impl->timeout = config.timeout;
  if (config.timeout > 0)
    impl->stop.setTimeoutName("Config::timeout (" +
                              runtime::formatSeconds(config.timeout) + ")");
  Impl *raw = impl.get();
  auto out = [raw](const std::string &s) {
    if (raw->onPrint)
      raw->onPrint(s);
    else
      std::fwrite(s.data(), 1, s.size(), stdout);
  };
  try {
    impl->backend = runtime::createBackend(opts.backend, opts.devices, error);
    if (!impl->backend)
      return makeError("RuntimeError", error);
    frontend::EvalOptions eo;
    eo.numDevices = opts.devices;
    eo.backendName = impl->backend->name();
    eo.deviceMemory = opts.deviceMemory > 0
                          ? opts.deviceMemory
                          : impl->backend->deviceMemoryBudget();
    eo.argv = opts.programArgs;
    eo.argv.insert(eo.argv.begin(), opts.program);
    eo.maxSteps = config.maxSteps;
    eo.files = frontend::makeFileSandbox(config.allowRead, config.allowWrite, error);
    if (!eo.files)
      return makeError("ValueError", error);
    eo.environ = config.environ;
    auto onStderr = config.onStderr;
    eo.errSink = [onStderr](const std::string &s) {
      if (onStderr)
        onStderr(s);
      else
        std::fwrite(s.data(), 1, s.size(), stderr);
    };
    eo.stop = &impl->stop;
    impl->evaluator = std::make_unique<frontend::Evaluator>(eo, *impl->backend, out);
  } catch (std::exception &e) {
    return makeError("RuntimeError", e.what());
  }
  impl->backend->setStopFlag(&impl->stop);
  impl->backend->setCodeCacheLimit(size_t(std::max(0, config.cachedPrograms)));
  return Interpreter(std::move(impl));
}

Interpreter::Interpreter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Interpreter::Interpreter(Interpreter &&) noexcept = default;
Interpreter &Interpreter::operator=(Interpreter &&) noexcept = default;
Interpreter::~Interpreter() {
  if (!impl_)
    return;
  // Wait for a call still running on another thread.
  std::lock_guard<std::mutex> lock(impl_->mu);
}

Status Interpreter::run(std::string_view source, std::string_view name) {
  return impl_->guarded([&] {
    impl_->runText(source, name, false);
    return true;
  }).status();
}

Status Interpreter::runFile(const std::string &path) {
  std::string text, error;
  if (!readProgramSource(path, text, error))
    return makeError("OSError", error);
  return run(text, path);
}

Result<Value> Interpreter::eval(std::string_view source, std::string_view name) {
  return impl_->guarded([&] {
    return wrapValue(impl_->runText(source, name, true), impl_->id);
  });
}

Result<Value> Interpreter::get(std::string_view name) {
  return impl_->guarded([&] {
    auto &vars = impl_->ev().globals().vars;
    auto it = vars.find(std::string(name));
    if (it == vars.end())
      throw ParaxError("NameError", "name '" + std::string(name) + "' is not defined");
    return wrapValue(it->second, impl_->id);
  });
}

Status Interpreter::set(std::string_view name, Value value) {
  return impl_->guarded([&] {
    if (!isIdentifier(name))
      throw ParaxError("ValueError", "'" + std::string(name) + "' is not a valid name");
    impl_->ev().globals().vars[std::string(name)] = impl_->unwrap(value);
    return true;
  }).status();
}

std::vector<std::string> Interpreter::globals() {
  std::lock_guard<std::mutex> lock(impl_->mu);
  std::vector<std::string> names;
  for (auto &kv : impl_->ev().globals().vars)
    if (kv.first.rfind("__", 0) != 0)
      names.push_back(kv.first);
  std::sort(names.begin(), names.end());
  return names;
}

Result<Value> Interpreter::call(const Value &callable, const std::vector<Value> &args,
                                const std::vector<std::pair<std::string, Value>> &kwargs) {
  return impl_->guarded([&] {
    frontend::Value f = impl_->unwrap(callable);
    if (!f.isCallableKind())
      throw ParaxError("TypeError", "'" + frontend::typeName(f) + "' object is not callable");
    // `cargs` keeps every argument referenced for the whole call, so the
    // runtime never sees a caller's buffer as its only owner (no in-place
    // updates of views).
    frontend::CallArgs cargs;
    for (const Value &a : args)
      cargs.args.push_back(impl_->unwrap(a));
    for (auto &[k, v] : kwargs)
      cargs.kwargs.emplace_back(k, impl_->unwrap(v));
    frontend::CallArgs keep = cargs;
    frontend::Value r = impl_->ev().call(f, cargs);
    return wrapValue(std::move(r), impl_->id);
  });
}

Result<Value> Interpreter::call(std::string_view name, const std::vector<Value> &args,
                                const std::vector<std::pair<std::string, Value>> &kwargs) {
  Result<Value> f = get(name);
  if (!f)
    return f.error();
  return call(f.value(), args, kwargs);
}

void Interpreter::clearCaches() {
  std::lock_guard<std::mutex> lock(impl_->mu);
  frontend::clearJitCaches(impl_->ev()); // first: frees their executables
  impl_->backend->clearCaches();
}

void Interpreter::interrupt() { impl_->stop.request(runtime::StopFlag::Interrupt); }

std::string Interpreter::backendName() const { return impl_->backend->name(); }
int Interpreter::devices() const { return impl_->devices; }

} // namespace parax::embed
