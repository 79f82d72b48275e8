//===- ReplCommands.cpp - the REPL's ':' commands -------------------------===//
//
// Commands that look inside compiled programs: a jit/pmap callable keeps
// its compiled programs (most recent last), whose IR is printed after the
// optimization passes, as `--dump ir` prints it. :llvm/:asm compile that
// program again on a fresh cpu backend with its dump hook set (the cpu
// backend only prints what it compiles, and the session's backend has the
// program cached already); :ptx runs the GPU code generator, which needs no
// GPU; :mem reuses `parax check`'s memory-plan report.
//
//===----------------------------------------------------------------------===//
#include "repl/ReplCommands.h"
#include "codegen/EmitPTX.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Jit.h"
#include "frontend/tracing/MemoryCheck.h"
#include "frontend/tracing/ProgramChecks.h"
#include "ir/Printer.h"
#include "repl/Session.h"
#include "runtime/Backend.h"

#include <chrono>
#include <cstdio>
#include <iostream>

namespace parax {

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

void fail(const std::string &msg) { std::cerr << msg << "\n"; }

/// The most recent compiled program of the jit/pmap callable named `name`
/// (a global, or a dotted attribute path), or null after saying why.
const frontend::CompiledProgram *lastProgram(Session &s, const std::string &cmd,
                                             const std::string &name) {
  if (name.empty()) {
    fail("usage: " + cmd + " f   (f: a jax.jit or jax.pmap function, called at least once)");
    return nullptr;
  }
  frontend::Evaluator &ev = s.evaluator();
  frontend::Value v;
  try {
    size_t dot = name.find('.');
    auto &vars = ev.globals().vars;
    auto it = vars.find(name.substr(0, dot));
    if (it == vars.end()) {
      fail("NameError: name '" + name.substr(0, dot) + "' is not defined");
      return nullptr;
    }
    v = it->second;
    while (dot != std::string::npos) {
      size_t next = name.find('.', dot + 1);
      v = ev.getAttr(v, name.substr(dot + 1, next == std::string::npos ? next : next - dot - 1), {});
      dot = next;
    }
  } catch (ParaxError &e) {
    fail(e.diag().kind + ": " + e.diag().message);
    return nullptr;
  }
  std::vector<const frontend::CompiledProgram *> progs;
  if (auto *j = v.as<frontend::JitFunction>())
    progs = j->programs();
  else if (auto *p = v.as<frontend::PmapFunction>())
    progs = p->programs();
  else {
    fail(name + " is a " + frontend::typeName(v) +
         ", not a jit or pmap function: " + cmd +
         " shows compiled programs (f = jax.jit(f), call it, then " + cmd + " f)");
    return nullptr;
  }
  if (progs.empty()) {
    fail(name + " has not been compiled yet: call it once, then " + cmd + " " + name);
    return nullptr;
  }
  return progs.back();
}

void showLowered(Session &s, const std::string &stage, const frontend::CompiledProgram &p) {
  std::string error, text;
  auto cpu = runtime::createBackend("cpu", s.options().devices, error);
  if (!cpu) {
    fail("the cpu backend is not available in this build: " + error);
    return;
  }
  cpu->setDumpHook({stage}, [&text](const std::string &, const std::string &t,
                                    const std::string &) { text += t; });
  try {
    cpu->compile(p.program->module);
  } catch (ParaxError &e) {
    fail(e.diag().render());
    return;
  }
  if (text.empty())
    fail("the cpu backend produced no " + stage + " text for this program");
  std::cout << text << (text.empty() || text.back() == '\n' ? "" : "\n");
  if (s.backend().name() != "cpu")
    std::cout << "(compiled for the cpu backend; this session runs on "
              << s.backend().name() << ")\n";
}

void showDevices(Session &s) {
  const Options &o = s.options();
  std::cout << "backend " << s.backend().name() << ", " << o.devices << " device"
            << (o.devices == 1 ? "" : "s") << ", budget per device: "
            << (o.deviceMemory > 0 ? frontend::formatBytes(o.deviceMemory) : "unlimited")
            << "\n";
  for (int d = 0; d < o.devices; ++d)
    std::cout << "  device " << d << ": " << frontend::formatBytes(MemoryTracker::live(d))
              << " in use, high-water " << frontend::formatBytes(MemoryTracker::peak(d))
              << "\n";
}

void timeIt(Session &s, const std::string &expr) {
  static int n = 0;
  if (expr.empty()) {
    fail("usage: :time expr");
    return;
  }
  auto t0 = std::chrono::steady_clock::now();
  bool ok = s.runInteractive(expr + "\n", "<time-" + std::to_string(++n) + ">");
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - t0).count();
  std::fflush(stdout);
  if (ok) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "wall time: %.3f ms\n", ms);
    std::cout << buf;
  }
}

} // namespace

std::string replHelpText() {
  return "Type Python/JAX statements; blocks continue with '...' until an empty line.\n"
         "A final expression's value is echoed. Tab completes names and attributes\n"
         "(jnp.<TAB>); history is kept in ~/.parax_history. Ctrl-C interrupts a\n"
         "running program, Ctrl-D quits.\n"
         "\n"
         "  :help          this text\n"
         "  :ir f          IR of the last program jax.jit/pmap function f compiled\n"
         "  :llvm f        its LLVM IR (cpu backend, optimized)\n"
         "  :asm f         its x86 assembly (cpu backend)\n"
         "  :ptx f         its PTX (the GPU code generator; no GPU needed)\n"
         "  :mem f         its memory plan: per-device peak, largest live buffers\n"
         "  :devices       backend, devices and their memory in use\n"
         "  :time expr     run expr and print the wall time\n"
         "  :load file     run a file in this session\n"
         "  :quit          leave\n";
}

bool runReplCommand(Session &s, const std::string &input) {
  std::string line = trim(input);
  size_t sp = line.find_first_of(" \t");
  std::string cmd = line.substr(0, sp);
  std::string arg = sp == std::string::npos ? "" : trim(line.substr(sp));
  if (cmd == ":quit" || cmd == ":q")
    return false;
  if (cmd == ":help" || cmd == ":h") {
    std::cout << replHelpText();
  } else if (cmd == ":ir") {
    if (auto *p = lastProgram(s, cmd, arg))
      std::cout << ir::printModule(*p->program->module);
  } else if (cmd == ":llvm") {
    if (auto *p = lastProgram(s, cmd, arg))
      showLowered(s, "llvm", *p);
  } else if (cmd == ":asm") {
    if (auto *p = lastProgram(s, cmd, arg))
      showLowered(s, "asm", *p);
  } else if (cmd == ":ptx") {
    // The GPU code generator needs no GPU: it lowers the program to PTX for
    // PARAX_CUDA_ARCH (default sm_80), with a report of what stays on the
    // host.
    if (auto *p = lastProgram(s, cmd, arg)) {
      try {
        codegen::PtxProgram ptx =
            codegen::emitPtx(*p->program->module, codegen::defaultCudaArch());
        std::cout << ptx.report() << ptx.ptx;
      } catch (ParaxError &e) {
        fail(e.diag().render());
      }
    }
  } else if (cmd == ":mem") {
    if (auto *p = lastProgram(s, cmd, arg))
      std::cout << frontend::renderMemoryPlan(s.evaluator(), *p->program);
  } else if (cmd == ":devices") {
    showDevices(s);
  } else if (cmd == ":time") {
    timeIt(s, arg);
  } else if (cmd == ":load") {
    if (arg.empty())
      fail("usage: :load file");
    else
      s.runFile(arg);
  } else {
    fail("unknown command " + cmd + " (:help lists them)");
  }
  std::cout.flush();
  return true;
}

} // namespace parax
