//===- Session.cpp - the pipeline driver ----------------------------------===//
#include "repl/Session.h"
#include "frontend/syntax/Parser.h"
#include "frontend/lib/SandboxedFiles.h"
#include "frontend/lib/SysModule.h"
#include "frontend/tracing/Trace.h"
#include "repl/Debugger.h"
#include "repl/ProgramSource.h"
#include "ir/HostMemory.h"

#include <iostream>

#include <fstream>
#include <new>
#include <sstream>

namespace parax {

std::unique_ptr<Session> Session::create(const Options &opts, Sink out, Sink err,
                                         std::string &error) {
  std::unique_ptr<Session> s(new Session());
  s->opts_ = opts;
  s->out_ = std::move(out);
  s->err_ = std::move(err);
  s->backend_ = runtime::createBackend(opts.backend, opts.devices, error);
  if (!s->backend_)
    return nullptr;
  HostMemory::setLimit(opts.maxMemory > 0 ? opts.maxMemory : HostMemory::defaultLimit());
  frontend::EvalOptions eo;
  eo.files = frontend::makeFileSandbox(opts.allowRead, opts.allowWrite, error);
  if (!eo.files)
    return nullptr;
  for (const std::string &name : opts.allowEnv)
    if (const char *v = std::getenv(name.c_str()))
      eo.environ.emplace_back(name, v);
  eo.errSink = s->err_;
  eo.numDevices = opts.devices;
  eo.backendName = s->backend_->name();
  eo.deviceMemory = opts.deviceMemory > 0 ? opts.deviceMemory
                                          : s->backend_->deviceMemoryBudget();
  eo.argv = opts.programArgs;
  eo.argv.insert(eo.argv.begin(), opts.program);
  eo.dumps = opts.dumps;
  eo.dumpDir = opts.dumpDir;
  eo.dumpSink = s->err_;
  eo.checkOnly = opts.checkOnly;
  eo.stop = &s->stop_;
  s->backend_->setStopFlag(&s->stop_);
  if (opts.timeout > 0)
    s->stop_.setTimeoutName("--timeout " + runtime::formatSeconds(opts.timeout));
  s->ev_ = std::make_unique<frontend::Evaluator>(eo, *s->backend_, s->out_);
  s->installDebugger();
  return s;
}

Session::~Session() = default;

/// jax.debug.breakpoint() stops in the jdb prompt on stdin: at once in
/// Python code (and under disable_jit), when the program runs in jit/pmap
/// code, where the stopped function's arrays are bound by name.
void Session::installDebugger() {
  debugger_ = std::make_unique<Debugger>(*this, std::cin);
  ev_->breakpointHandler = [this](const Loc &where,
                                  std::shared_ptr<frontend::Scope> scope) {
    debugger_->stop(where, "", std::move(scope));
  };
  backend_->setBreakpointHook([this](const runtime::Backend::BreakpointEvent &e) {
    auto scope = std::make_shared<frontend::Scope>();
    for (size_t i = 0; i < e.names.size() && i < e.values.size(); ++i)
      scope->vars[e.names[i]] = frontend::Value::array(e.values[i]);
    std::string device = e.device >= 0 ? "device " + std::to_string(e.device) : "";
    debugger_->stop(e.op ? e.op->loc() : Loc{}, device, std::move(scope));
  });
}

void Session::report(const Diagnostic &d) {
  lastError_ = d;
  err_(d.render());
}

bool Session::run(const std::string &text, const std::string &name, bool echo,
                  std::shared_ptr<frontend::Scope> scope) {
  lastError_.reset();
  // The outermost run starts unstopped and under the --timeout clock; runs
  // nested in it (the debugger's) share both.
  struct Outer {
    Session &s;
    bool outer;
    explicit Outer(Session &s) : s(s), outer(s.runDepth_++ == 0) {
      if (!outer)
        return;
      s.stop_.clear();
      s.watchdog_.arm(s.opts_.timeout);
    }
    ~Outer() {
      if (--s.runDepth_ == 0)
        s.watchdog_.disarm();
    }
  } outer(*this);
  try {
    uint32_t file = sources_.add(name, text);
    std::unique_ptr<frontend::Module> m = frontend::parseModule(file);
    frontend::Module &mod = *m;
    modules_.push_back(std::move(m));
    for (auto &d : opts_.dumps)
      if (d == "ast")
        err_(frontend::dumpAst(mod));
    frontend::Value last;
    if (scope)
      ev_->execModuleIn(mod, scope, echo ? &last : nullptr);
    else
      ev_->execModule(mod, echo ? &last : nullptr);
    if (echo && !last.isNone())
      out_(ev_->repr(last) + "\n");
    return true;
  } catch (frontend::CheckStop &stop) {
    // parax check reached a line that needs a computed value: the check ends
    // there (exit 0); it is not a program error.
    if (!stop.diag.loc.valid())
      stop.diag.loc = ev_->currentLoc();
    err_(stop.diag.render());
    return true;
  } catch (ParaxError &e) {
    // sys.exit(): the program ends with its status, without a diagnostic.
    std::string message;
    if (std::optional<int> status = frontend::systemExitStatus(e, message)) {
      if (!message.empty())
        err_(message);
      exitStatus_ = *status;
      return *status == 0;
    }
    report(e.diag());
  } catch (std::bad_alloc &) {
    Diagnostic d;
    d.kind = "MemoryError";
    d.message = "out of host memory";
    d.loc = ev_->currentLoc();
    report(d);
  } catch (std::exception &e) {
    Diagnostic d;
    d.kind = "InternalError";
    d.message = std::string("parax failed unexpectedly (please report this bug): ") + e.what();
    d.loc = ev_->currentLoc();
    report(d);
  }
  return false;
}

bool Session::runSource(const std::string &text, const std::string &name) {
  return run(text, name, false);
}

bool Session::runInteractive(const std::string &text, const std::string &name) {
  return run(text, name, true);
}

bool Session::runInScope(const std::string &text, const std::string &name,
                         std::shared_ptr<frontend::Scope> scope) {
  // The stopped program's own error state must survive the user's typos.
  std::optional<Diagnostic> saved = lastError_;
  bool ok = run(text, name, true, std::move(scope));
  lastError_ = saved;
  return ok;
}

bool Session::runFile(const std::string &path) {
  std::string text, error;
  if (!readProgramSource(path, text, error)) {
    Diagnostic d;
    d.kind = "OSError";
    d.message = error;
    report(d);
    return false;
  }
  return runSource(text, path == "-" ? "<stdin>" : path);
}

} // namespace parax
