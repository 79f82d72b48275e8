//===- Session.cpp - the pipeline driver ----------------------------------===//
#include "repl/Session.h"
#include "frontend/Parser.h"

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
  frontend::EvalOptions eo;
  eo.numDevices = opts.devices;
  eo.backendName = s->backend_->name();
  eo.deviceMemory = opts.deviceMemory;
  eo.argv = opts.programArgs;
  eo.argv.insert(eo.argv.begin(), opts.program);
  eo.dumps = opts.dumps;
  eo.dumpDir = opts.dumpDir;
  eo.dumpSink = s->err_;
  eo.checkOnly = opts.checkOnly;
  s->ev_ = std::make_unique<frontend::Evaluator>(eo, *s->backend_, s->out_);
  return s;
}

Session::~Session() = default;

void Session::report(const Diagnostic &d) {
  lastError_ = d;
  err_(d.render());
}

bool Session::run(const std::string &text, const std::string &name, bool echo) {
  lastError_.reset();
  try {
    uint32_t file = SourceRegistry::add(name, text);
    std::unique_ptr<frontend::Module> m = frontend::parseModule(file);
    frontend::Module &mod = *m;
    modules_.push_back(std::move(m));
    for (auto &d : opts_.dumps)
      if (d == "ast")
        err_(frontend::dumpAst(mod));
    frontend::Value last;
    ev_->execModule(mod, echo ? &last : nullptr);
    if (echo && !last.isNone())
      out_(ev_->repr(last) + "\n");
    return true;
  } catch (ParaxError &e) {
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

bool Session::runFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Diagnostic d;
    d.kind = "FileNotFoundError";
    d.message = "cannot open '" + path + "': No such file or directory";
    report(d);
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return runSource(ss.str(), path);
}

} // namespace parax
