//===- Evaluator.h - the Python-subset evaluator ----------------*- C++ -*-===//
//
// A tree-walking evaluator over the AST with Python's semantics: function
// scopes decided statically (a name assigned anywhere in a body is local),
// closures that see later assignments (late binding), keyword and default
// arguments, tuples/lists/dicts, and the built-in modules bound by `import`.
// Array operations go through frontend/lib (jnp/lax/jax), which either run at
// once on concrete arrays or record IR while a jit/pmap/loop body is traced
// (see Trace.h).
//
// User errors are thrown as ParaxError; the call-expression handler fills in
// the location and the trace stack of the innermost call that raised it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/syntax/Ast.h"
#include "frontend/machine/Suggest.h" // closestName, used with the evaluator
#include "frontend/machine/NameMap.h"
#include "frontend/machine/Value.h"
#include "ir/Diagnostics.h"
#include "ir/StackGuard.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace parax::runtime {
class Backend;
class StopFlag;
}

namespace parax::frontend {

struct TraceContext;
class ExceptionTypes;
class GeneratorObj;
class FileSandbox;

class ClassObj;

/// Statically computed facts about a function body.
struct FunctionInfo {
  NameSet locals;
  NameMap<bool> declared; ///< See Scope::declared.
  /// The body has a try or with statement (closing a generator suspended
  /// in it must run them; one without can be discarded silently).
  bool hasHandlers = false;
  /// Each local's index in Scope::slots: the positional parameters first
  /// (in order), then keyword-only, *args, **kwargs, then the rest. A
  /// function's locals are fixed when it is defined, so an activation
  /// keeps them in a vector instead of a hash map.
  NameMap<uint32_t> slotOf;
  std::vector<std::string> slotNames;
  /// Unique per FunctionInfo, never 0: the key a NameExpr's slot cache
  /// (Ast.h) is checked against.
  uint64_t layoutId = 0;
  /// Positional parameter i is slot i (a call binds them by index).
  bool paramsInSlots = false;
  /// Only positional parameters (no *args, **kwargs or keyword-only), each
  /// in its slot: a call with exactly that many positional arguments binds
  /// them straight into the slots (Evaluator::callPlain).
  bool plainParams = false;
};

/// A function activation's locals: up to kInline of them stored in place
/// (most functions), more on the heap. Value::unbound() until assigned.
class SlotArray {
public:
  static constexpr size_t kInline = 8;
  SlotArray() = default;
  SlotArray(const SlotArray &) = delete;
  SlotArray &operator=(const SlotArray &) = delete;
  ~SlotArray() { clear(); }
  size_t size() const { return n_; }
  Value &operator[](size_t i) { return data()[i]; }
  const Value &operator[](size_t i) const { return data()[i]; }
  /// `n` copies of `v` (what was there is dropped).
  void assign(size_t n, const Value &v) {
    clear();
    if (n > kInline) {
      heap_ = std::make_unique<Value[]>(n);
      for (size_t i = 0; i < n; ++i)
        heap_[i] = v;
    } else {
      for (size_t i = 0; i < n; ++i)
        new (&inlineData()[i]) Value(v);
    }
    n_ = n;
  }
  void clear() {
    if (heap_)
      heap_.reset();
    else
      for (size_t i = n_; i-- > 0;)
        inlineData()[i].~Value();
    n_ = 0;
  }

private:
  Value *inlineData() { return std::launder(reinterpret_cast<Value *>(raw_)); }
  const Value *inlineData() const {
    return std::launder(reinterpret_cast<const Value *>(raw_));
  }
  Value *data() { return heap_ ? heap_.get() : inlineData(); }
  const Value *data() const { return heap_ ? heap_.get() : inlineData(); }
  /// Values constructed only as far as n_ (none when heap_ holds them).
  alignas(Value) unsigned char raw_[kInline * sizeof(Value)];
  size_t n_ = 0;
  std::unique_ptr<Value[]> heap_;
};

/// A scope's names: a NameMap that stamps each change of which names it
/// holds (a name added or removed; not a new value for one already there).
/// The stamp is unique across all maps, so a lookup cached with it is
/// right exactly while the map's stamp is unchanged (Evaluator::cachedGlobal).
class VarMap {
public:
  using Map = NameMap<Value>;
  template <typename K> Map::iterator find(const K &k) { return map().find(k); }
  template <typename K> Map::const_iterator find(const K &k) const { return map().find(k); }
  Map::iterator begin() { return map().begin(); }
  Map::iterator end() { return map().end(); }
  Map::const_iterator begin() const { return map().begin(); }
  Map::const_iterator end() const { return map().end(); }
  bool empty() const { return !m_ || m_->empty(); }
  size_t size() const { return m_ ? m_->size() : 0; }
  Value &operator[](const std::string &k) {
    auto [it, fresh] = made().try_emplace(k);
    if (fresh)
      restamp();
    return it->second;
  }
  std::pair<Map::iterator, bool> insert_or_assign(const std::string &k, const Value &v) {
    auto r = made().insert_or_assign(k, v);
    if (r.second)
      restamp();
    return r;
  }
  size_t erase(const std::string &k) {
    size_t n = m_ ? m_->erase(k) : 0;
    if (n)
      restamp();
    return n;
  }
  void clear() {
    if (!empty())
      restamp();
    if (m_)
      m_->clear();
  }
  /// 0 for a map never changed; else unique to this map's current names.
  uint64_t stamp() const { return stamp_; }

private:
  void restamp() {
    static std::atomic<uint64_t> next{1};
    stamp_ = next.fetch_add(1, std::memory_order_relaxed);
  }
  // Most scopes (function activations) never hold a name here, so the map
  // is made on the first insertion; until then reads see a shared empty
  // map, which is never written.
  static Map &noNames() {
    static Map empty;
    return empty;
  }
  Map &map() const { return m_ ? *m_ : noNames(); }
  Map &made() {
    if (!m_)
      m_ = std::make_unique<Map>();
    return *m_;
  }
  std::unique_ptr<Map> m_;
  uint64_t stamp_ = 0;
};

/// A variable scope: a function activation or the module's globals.
/// A function's locals live in `slots` (laid out by info->slotOf); every
/// other scope (module, class body, comprehension) keeps names in `vars`.
/// Go through find/set/erase/forEach, which see both.
struct Scope {
  /// User-provided so that make/allocate_shared's value-initialisation does
  /// not zero all of the object (the slots' inline storage included: a
  /// `rep stos` of 400 bytes per call) before running the member initialisers.
  Scope() {}
  VarMap vars;
  SlotArray slots; ///< Value::unbound() until assigned
  const FunctionInfo *info = nullptr; ///< the slots' layout (functions only)
  std::shared_ptr<Scope> parent; ///< Enclosing function scope (closures).
  /// Names local to this function (null for module/global scope).
  const NameSet *locals = nullptr;
  /// A class body's namespace: functions defined in it do not close over
  /// it (Python methods see the enclosing scope, not the class's names),
  /// and it records names and annotations in definition order.
  bool classBody = false;
  std::vector<std::string> definitionOrder;
  std::vector<std::string> annotations;
  std::string qualname; ///< a class body's: its class's __qualname__
  /// The function's `global` (true) and `nonlocal` (false) names; null when
  /// it declares none (the common case costs one pointer test).
  const NameMap<bool> *declared = nullptr;

  /// The slot of a local of this function, or -1.
  int slotIndex(HashedName n) const {
    if (!info)
      return -1;
    auto it = info->slotOf.find(n);
    return it == info->slotOf.end() ? -1 : int(it->second);
  }
  /// The bound value of `n` here, or null.
  Value *find(HashedName n) {
    if (int i = slotIndex(n); i >= 0)
      return slots[i].isUnbound() ? nullptr : &slots[i];
    auto it = vars.find(n);
    return it == vars.end() ? nullptr : &it->second;
  }
  Value *find(const std::string &n) { return find(HashedName{n, HashedName::of(n)}); }
  /// Binds `name`; true when it was not bound before.
  bool set(const std::string &name, const Value &v) {
    if (int i = slotIndex(HashedName{name, HashedName::of(name)}); i >= 0) {
      bool fresh = slots[i].isUnbound();
      slots[i] = v;
      return fresh;
    }
    return vars.insert_or_assign(name, v).second;
  }
  bool erase(const std::string &name) {
    if (int i = slotIndex(HashedName{name, HashedName::of(name)}); i >= 0) {
      bool was = !slots[i].isUnbound();
      slots[i] = Value::unbound();
      return was;
    }
    return vars.erase(name) > 0;
  }
  /// Calls f(name, value) for every bound name.
  template <typename F> void forEach(F &&f) const {
    for (size_t i = 0; i < slots.size(); ++i)
      if (!slots[i].isUnbound())
        f(info->slotNames[i], slots[i]);
    for (auto &kv : vars)
      f(kv.first, kv.second);
  }
  void clear() {
    vars.clear();
    slots.clear();
    info = nullptr;
  }
};

/// A new, empty scope. Scopes are made per call, so their memory comes
/// from a small per-thread free list instead of malloc.
std::shared_ptr<Scope> newScope();

/// The slot of name `n` in a function scope `s` (-1: not one of its
/// locals, or `s` is no function's), remembered in the NameExpr: its
/// layout's id and the slot, or kNotASlot for "not a local of this layout".
[[gnu::always_inline]] inline int cachedSlot(const NameExpr &n, Scope &s) {
  constexpr uint64_t kNotASlot = 0xffffff;
  if (!s.info)
    return -1;
  std::atomic_ref<uint64_t> cache(n.slotCache);
  uint64_t c = cache.load(std::memory_order_relaxed);
  if ((c >> 24) == s.info->layoutId)
    return (c & 0xffffff) == kNotASlot ? -1 : int(c & 0xffffff);
  int i = s.slotIndex(HashedName{n.id, n.hash});
  if (i < int(kNotASlot))
    cache.store((s.info->layoutId << 24) | (i >= 0 ? uint64_t(i) : kNotASlot),
                std::memory_order_relaxed);
  return i;
}

/// A user-defined function (def or lambda).
struct FunctionObj : Object {
  /// Function objects count against the host budget (a comprehension can
  /// make 10^8 lambdas).
  FunctionObj() : charge_(int64_t(sizeof(FunctionObj)) + 64, "a function") {}
  HostCharge charge_;
  std::string name;
  /// Python's __qualname__: `C.method`, `outer.<locals>.inner` (what
  /// CPython's argument errors name).
  std::string qualname;
  Loc loc;
  const Parameters *params = nullptr;
  const Block *body = nullptr;    ///< def
  const Expr *exprBody = nullptr; ///< lambda
  std::vector<Value> defaults;    ///< One per positional param (None if required)
  std::vector<bool> hasDefault;
  std::vector<Value> kwDefaults;  ///< One per kw-only param
  std::vector<bool> kwHasDefault;
  std::shared_ptr<Scope> closure;
  const FunctionInfo *info = nullptr;
  /// Compiled programs of jax.jit(this function), by transformation config
  /// (frontend/tracing/Jit.h's ProgramCache; opaque here).
  std::map<std::string, std::shared_ptr<void>> programCaches;
  /// The class whose body defined this function (zero-argument super()).
  std::weak_ptr<ClassObj> definingClass;
  /// Attributes set on the function (f.x = ..., functools.wraps).
  std::vector<std::pair<std::string, Value>> attrs;
  /// Its body contains `yield`: a call returns a generator (Generators.h).
  bool isGenerator = false;
  /// Defined in a module parax ships in Python (Evaluator::isLibraryFile of
  /// loc.file, decided once).
  bool inLibrary = false;
};

/// Evaluator options that the program can observe.
struct EvalOptions {
  int numDevices = 1;
  std::string backendName = "interp";
  int64_t deviceMemory = 0; ///< Bytes; 0 means unlimited.
  std::vector<std::string> argv; ///< sys.argv-like program arguments.
  std::vector<std::string> dumps; ///< --dump stages (ir, llvm, ...).
  std::string dumpDir;            ///< Where dumps go ("" = dumpSink).
  std::function<void(const std::string &)> dumpSink = [](const std::string &) {};
  bool checkOnly = false;         ///< Trace and plan programs, run nothing.
  /// Statements (and loop iterations) a program may execute; 0 = no limit.
  /// Fuzzing and embedders use it to bound untrusted programs.
  int64_t maxSteps = 0;
  /// Set from any thread (or a signal handler: Ctrl-C in the REPL, the
  /// --timeout watchdog) to stop the program with KeyboardInterrupt or
  /// TimeoutError at its next statement; the owner clears it before each
  /// run. The backend polls the same flag inside compiled loops.
  const runtime::StopFlag *stop = nullptr;
  /// The directories open() may read or write (--allow-read/--allow-write;
  /// frontend/lib/SandboxedFiles.h); null grants nothing.
  std::shared_ptr<const FileSandbox> files;
  /// os.environ's initial contents: a copy the program may change, never
  /// the host's (nothing of it unless granted).
  std::vector<std::pair<std::string, std::string>> environ;
  /// Where sys.stderr and warnings write (stdout is the OutputSink).
  std::function<void(const std::string &)> errSink = [](const std::string &) {};
};

/// Where `print` and `jax.debug.print` output goes.
using OutputSink = std::function<void(const std::string &)>;

/// Nested Python calls allowed (CPython's default recursion limit); the
/// native stack guard (ir/StackGuard.h) may stop a recursion earlier.
constexpr int kMaxCallDepth = 1000;

class Evaluator {
public:
  Evaluator(EvalOptions opts, runtime::Backend &backend, OutputSink out);
  ~Evaluator();

  /// Runs a parsed module in the global scope. Throws ParaxError. With
  /// `lastExpr`, a final expression statement's value is stored there (the
  /// REPL echoes it).
  void execModule(const Module &m, Value *lastExpr = nullptr);
  /// Runs a parsed module with `scope` as its innermost scope (the
  /// debugger runs user input in a stopped function's scope).
  void execModuleIn(const Module &m, std::shared_ptr<Scope> scope,
                    Value *lastExpr = nullptr);
  /// The scope of the innermost running function (globals at top level).
  std::shared_ptr<Scope> currentScope() const { return scope_; }
  /// jax.debug.breakpoint(): receives where it stopped and the scope whose
  /// names the user may inspect. Set by the session; null ignores them.
  using BreakpointHandler =
      std::function<void(const Loc &where, std::shared_ptr<Scope>)>;
  BreakpointHandler breakpointHandler;
  /// Evaluates one expression in the global scope (REPL echo).
  Value evalInGlobals(const Expr &e);

  // --- Calls ---------------------------------------------------------------
  /// Calls any callable value.
  Value call(const Value &f, CallArgs &args);
  Value call(const Value &f, std::vector<Value> args, Loc loc = {});
  /// Calls a user function with a trace-stack frame labelled `label`
  /// (e.g. "fori_loop body"); an empty label uses the function's name.
  Value callLabelled(const Value &f, std::vector<Value> args,
                     const std::string &label, Loc loc);
  /// Calls `f` with full arguments under a frame labelled `label` (instead
  /// of the function's own name: "pmap(f)", "jit(f)").
  Value callAs(const Value &f, CallArgs &args, const std::string &label);

  // --- Python operations ---------------------------------------------------
  bool truthy(const Value &v);
  std::string str(const Value &v);
  std::string repr(const Value &v);
  Value getAttr(const Value &obj, const std::string &name, Loc loc);
  /// obj.name = v (and setattr): instances, classes, modules, exceptions,
  /// function attributes; AttributeError for values without attributes.
  void setAttribute(const Value &obj, const std::string &name, const Value &v);
  Value getItem(const Value &obj, const Value &index, Loc loc);
  Value binary(BinOpKind op, const Value &a, const Value &b, Loc loc);
  Value unary(UnaryOpKind op, const Value &a, Loc loc);
  Value compare(CmpOpKind op, const Value &a, const Value &b, Loc loc);
  bool contains(const Value &container, const Value &item, Loc loc);
  /// Python iteration protocol: all the items of an iterable (consumes an
  /// iterator; ItemCursor in Iterators.h goes item by item).
  std::vector<Value> iterate(const Value &v, Loc loc);
  /// A Python int from an index-like value (int, bool, concrete int array);
  /// `what` names the use for the error message.
  int64_t toIndex(const Value &v, const std::string &what);
  /// Python == for any two values (arrays give arrays).
  Value equals(const Value &a, const Value &b, Loc loc);

  // --- State ---------------------------------------------------------------
  const EvalOptions &options() const { return opts_; }
  EvalOptions &options() { return opts_; }
  runtime::Backend &backend() { return backend_; }
  void write(const std::string &s) {
    if (!muted_)
      out_(s);
  }
  /// Silences `print` while alive (probe traces whose output is not the
  /// program's).
  struct MuteGuard {
    Evaluator &ev;
    bool saved;
    MuteGuard(Evaluator &ev, bool mute) : ev(ev), saved(ev.muted_) {
      ev.muted_ = ev.muted_ || mute;
    }
    ~MuteGuard() { ev.muted_ = saved; }
  };
  const OutputSink &outputSink() const { return out_; }
  Scope &globals() { return *globals_; }
  std::shared_ptr<Scope> globalsPtr() { return globals_; }

  /// The location of the innermost expression being evaluated.
  Loc currentLoc() const { return curLoc_; }
  void setCurrentLoc(Loc l) { curLoc_ = l; }
  /// The exception the innermost running `except` block handles (None
  /// outside one): sys.exc_info(), sys.exception().
  Value handledException() const { return handling_.empty() ? Value() : handling_.back(); }
  /// The current call/trace stack ("pmap(f) > fori_loop body > g").
  /// Calls push their frames lazily (a plain Python call allocates none);
  /// asking for the stack makes the pending ones real.
  TraceStack callStack() const {
    materializeFrames();
    return stack_;
  }

  /// Pushes a frame labelled `label` (which must outlive the guard: the
  /// function's name, the caller's label) and pops it on exit.
  struct FrameGuard {
    Evaluator &ev;
    FrameGuard(Evaluator &ev, const std::string &label, const Loc &loc) : ev(ev) {
      ev.lazyFrames_.push(&label, loc);
    }
    ~FrameGuard() {
      // Still pending, or made real since (then it is the top of stack_:
      // the frames nested in it have popped themselves).
      if (!ev.lazyFrames_.empty())
        ev.lazyFrames_.pop_back();
      else
        ev.stack_ = ev.stack_->parent;
    }
    /// The stack outside this frame.
    TraceStack outer() const {
      ev.materializeFrames();
      return ev.stack_->parent;
    }
  };

  // Tracing (see Trace.h).
  TraceContext *currentTrace() const {
    return traces_.empty() ? nullptr : traces_.back();
  }
  const std::vector<TraceContext *> &traceStack() const { return traces_; }
  void pushTrace(TraceContext *t) { traces_.push_back(t); }
  void popTrace() { traces_.pop_back(); }
  /// jax.disable_jit() nesting depth.
  int disableJitDepth = 0;
  /// A pmap running its devices one after another under disable_jit: the
  /// device currently running (innermost last).
  struct EagerAxis {
    std::string name;
    int64_t size = 0;
    int64_t index = 0;
  };
  std::vector<EagerAxis> eagerAxes;

  /// A built-in by name (int, float, print ...), or None.
  Value builtin(const std::string &name) const {
    auto it = builtins_.find(name);
    return it == builtins_.end() ? Value() : it->second;
  }
  /// The module registry (import).
  Value importModule(const std::string &dotted, Loc loc);
  /// An installed or imported module by name, without importing it (None).
  Value loadedModule(const std::string &name) const {
    auto it = modules_.find(name);
    return it == modules_.end() ? Value() : it->second;
  }
  /// sys.setrecursionlimit: nested calls allowed, at most kMaxCallDepth.
  int recursionLimit = kMaxCallDepth;
  /// Set by the first `import jax` (os.environ["XLA_FLAGS"] counts before it).
  bool jaxImported = false;

  /// Statically computed info for a function body (cached).
  const FunctionInfo *functionInfo(const void *key, const Parameters &params,
                                   const Block *body, const Expr *exprBody);

  /// What may still refer to a finished run's AST or source: functions
  /// defined by its text (they point into its AST) and programs compiled
  /// (their ops' and trace frames' locations may name its source). An
  /// embedder frees a run's AST, and its text, when these did not grow.
  uint64_t functionsMadeIn(uint32_t file) const {
    auto it = functionsByFile_.find(file);
    return it == functionsByFile_.end() ? 0 : it->second;
  }
  uint64_t programsCompiled() const { return programsCompiled_; }
  void noteProgramCompiled() { ++programsCompiled_; }
  /// The jit/pmap objects made (weak; see registerJitObject, frontend/tracing/Jit.h).
  std::vector<std::weak_ptr<Object>> &jitObjects() { return jitObjects_; }
  /// The built-in exception classes (Exceptions.h).
  ExceptionTypes &exceptionTypes() { return *excTypes_; }

  /// Python source modules shipped inside parax (frontend/lib/python):
  /// runs the one named `name` into a fresh module scope; null if there is
  /// none. `into`, when given, receives the module's names instead (a
  /// native module extended in Python).
  /// Loads the Python half of JAX module `m` if it has one not yet loaded
  /// (at the first name the C++ half lacks); false if there was none.
  bool loadHalfFor(class ModuleObject &m);
  Value loadEmbeddedModule(const std::string &name, class ModuleObject *into = nullptr);
  /// Fills loc/stack of an error raised without them.
  void annotate(ParaxError &e, Loc loc);
  /// The class and first argument of the innermost running method (for
  /// zero-argument super()); false outside a method.
  bool currentMethodContext(std::shared_ptr<ClassObj> &cls, Value &self) const;

  /// The generator whose body is running (innermost), or null.
  GeneratorObj *runningGenerator() const { return runningGen_; }

private:
  enum class Flow { Normal, Return, Break, Continue };
  struct Frame {
    std::shared_ptr<Scope> scope;
    Value returnValue;
  };

  Flow execBlock(const Block &b, Frame &f);
  Flow execStmt(const Stmt &s, Frame &f);
  Flow execAugAssign(const AugAssignStmt &s, Frame &f);
  Value eval(const Expr &e, Frame &f);
  /// eval() with the leaves most operands are (a bound local, a number
  /// literal) done inline: for the operands of the hottest nodes only (an
  /// inlined copy at every eval() would grow the recursive frames, and
  /// with them the native stack a Python call takes).
  Value evalOperand(const Expr &e, Frame &f);
  Value evalCall(const CallExpr &c, Frame &f);
  Value evalFString(const FStringExpr &e, Frame &f);
  Value evalComprehension(const ListCompExpr &e, Frame &f);
  Value evalDictComp(const DictCompExpr &e, Frame &f);
  Value evalGeneratorExp(const ListCompExpr &e, Frame &f);
  /// `yield from it` inside a running generator's body (PEP 380).
  Value yieldFrom(const Value &iterable, Loc loc);
  /// A call of a generator function: its bound scope becomes a generator.
  Value makeGenerator(const Value &fn, std::shared_ptr<Scope> scope);
  Value evalSubscriptIndex(const Expr &e, Frame &f);
  Value makeFunction(const std::string &name, Loc loc, const Parameters &p,
                     const Block *body, const Expr *exprBody, Frame &f,
                     bool isGenerator = false);
  Value callFunction(const Value &f, CallArgs &args);
  /// The __qualname__ of `name` defined in `f` (a class body, a function's
  /// activation, or the module).
  std::string qualnameIn(const Frame &f, const std::string &name) const;
  /// `n` looked up as a global or builtin of the main module (what
  /// lookupOuter(n, nullptr) finds), remembered per name until the globals
  /// gain or lose a name. Null when not bound.
  const Value *cachedGlobal(const NameExpr &n);
  struct GlobalCacheEntry {
    uint64_t stamp = 0; ///< globals_->vars.stamp() when found
    const Value *value = nullptr;
  };
  std::vector<GlobalCacheEntry> globalCache_; ///< by NameExpr::globalIndex
  /// What `cls` has for the attribute of call site `a` (ClassObj::lookup
  /// of it and of __setattr__), remembered per site while no class changes.
  struct ClassAttrs {
    const ClassObj *cls = nullptr;
    uint64_t epoch = 0;           ///< ClassObj::epoch() when looked up
    const Value *attr = nullptr;  ///< cls's attribute of that name, or null
    const Value *setattr = nullptr;
  };
  const ClassAttrs &classAttrsAt(const AttributeExpr &a, const ClassObj &cls);
  std::vector<ClassAttrs> classCache_; ///< 2 per AttributeExpr::classCacheIndex
  /// `obj.name` of a plain instance whose class has no attribute `name`
  /// and that has one of its own: that value (true), without the general
  /// getAttr. False: take the general path.
  bool instanceAttr(const AttributeExpr &a, const Value &obj, Value &out);
  /// `obj.name = v` of a plain instance whose class has neither a property
  /// `name` nor __setattr__: stored (true). False: the general path.
  bool storeInstanceAttr(const AttributeExpr &a, const Value &obj, const Value &v);
  /// A new activation of `fn`: its slots, none bound.
  std::shared_ptr<Scope> newActivation(const FunctionObj &fn);
  /// Runs `fn`'s body in `scope` (its parameters bound), under Python's
  /// recursion limit.
  Value runActivation(const Value &f, FunctionObj &fn, std::shared_ptr<Scope> scope);
  /// `fn(args...)` for a call site of plain positional arguments whose
  /// callee has plain parameters: each argument is evaluated straight into
  /// its slot (no argument vector, no binding pass). `self`, when not
  /// null, is the first argument (a method call). False (nothing evaluated,
  /// `self` untouched) when the call is not that simple: the caller takes
  /// the general path.
  bool callPlain(const Value &fn, Value *self, const CallExpr &c, Frame &f, Value &result);
  void bindParams(FunctionObj &fn, CallArgs &args, Scope &scope);

  Value lookup(HashedName name, Frame &f, Loc loc);
  /// A name that is not the running scope's: the enclosing scopes from
  /// `first` (null: none) out, then globals and builtins; null if unbound.
  const Value *lookupOuter(HashedName name, Scope *first) const;
  void assign(const Expr &target, const Value &v, Frame &f);
  /// obj[idx] = v and obj.attr = v, with obj and idx evaluated already.
  void storeItem(const SubscriptExpr &target, const Value &obj, const Value &idx,
                 const Value &v);
  void storeAttr(const AttributeExpr &target, const Value &obj, const Value &v);
  void assignName(const std::string &name, const Value &v, Frame &f);
  void execImport(const ImportStmt &s, Frame &f);
  void noteImport(const std::string &dotted);
  void execImportFrom(const ImportFromStmt &s, Frame &f);
  Flow execWith(const WithStmt &s, Frame &f);
  Flow execWithFrom(const WithStmt &s, size_t item, Frame &f);
  void execClassDef(const ClassDefStmt &s, Frame &f);
  Flow execFor(const ForStmt &s, Frame &f);
  Flow execTry(const TryStmt &s, Frame &f);
  [[noreturn]] void execRaise(const RaiseStmt &s, Frame &f);
  /// Removes a name binding (del, the end of `except ... as name`).
  bool deleteName(const std::string &name, Frame &f);

  EvalOptions opts_;
  runtime::Backend &backend_;
  OutputSink out_;
  std::shared_ptr<Scope> globals_;
  std::shared_ptr<Scope> scope_; ///< See currentScope().
  /// Scopes captured by closures, emptied on destruction (reference cycles).
  std::vector<std::weak_ptr<Scope>> closureScopes_;
  size_t closureScopesLive_ = 0;
  void noteClosureScope(const std::shared_ptr<Scope> &s);
  NameMap<Value> builtins_;
  std::unordered_map<std::string, Value> modules_;
  /// The ASTs of embedded Python modules (their functions point into them).
  std::vector<std::unique_ptr<Module>> embeddedAsts_;
  SourceSet embeddedSources_; ///< ... and their texts, freed with the evaluator.
  std::vector<uint32_t> embeddedFiles_; ///< ... and their file ids.
  bool isLibraryFile(uint32_t file) const {
    return std::find(embeddedFiles_.begin(), embeddedFiles_.end(), file) != embeddedFiles_.end();
  }
  /// Native modules already extended by their Python half (functools).
  std::unordered_set<std::string> extendedModules_;
  /// Modules whose bodies are running (a submodule does not re-import them).
  std::unordered_set<std::string> importing_;
  std::unordered_map<const void *, std::unique_ptr<FunctionInfo>> infos_;
  std::vector<TraceContext *> traces_;
  /// Running Python functions, innermost last, with their scopes.
  std::vector<std::pair<const FunctionObj *, Scope *>> calls_;
  std::unique_ptr<ExceptionTypes> excTypes_;
  /// The exceptions being handled by running `except` clauses, innermost
  /// last (bare `raise`, __context__).
  std::vector<Value> handling_;
  /// The call stack: stack_ plus the frames pushed since it was last
  /// asked for (callStack()), innermost last.
  struct PendingFrame {
    const std::string *label;
    Loc loc;
  };
  /// A stack whose push is inline and never allocates once grown: every
  /// Python call pushes one (std::vector's out-of-line emplace_back was 5%
  /// of a call-heavy program).
  class PendingFrames {
  public:
    /// `loc` by reference and copied field-wise from where it lies (the
    /// call's AST node): a by-value Loc was spilled to the stack in two
    /// stores and reloaded overlapping them, a store-forwarding stall of
    /// ~20 cycles per call.
    void push(const std::string *label, const Loc &loc) {
      if (n_ == cap_)
        grow();
      PendingFrame &p = data_[n_++];
      p.label = label;
      p.loc = loc;
    }
    void pop_back() { --n_; }
    bool empty() const { return n_ == 0; }
    size_t size() const { return n_; }
    void shrink(size_t n) { n_ = n < n_ ? n : n_; }
    void clear() { n_ = 0; }
    const PendingFrame *begin() const { return data_.get(); }
    const PendingFrame *end() const { return data_.get() + n_; }

  private:
    [[gnu::noinline]] void grow() {
      size_t cap = cap_ ? 2 * cap_ : 64;
      auto bigger = std::make_unique<PendingFrame[]>(cap);
      for (size_t i = 0; i < n_; ++i)
        bigger[i] = data_[i];
      data_ = std::move(bigger);
      cap_ = cap;
    }
    std::unique_ptr<PendingFrame[]> data_;
    size_t n_ = 0, cap_ = 0;
  };
  mutable PendingFrames lazyFrames_;
  /// Argument vectors of finished calls, kept with their capacity so a
  /// call does not allocate one (see evalCall).
  std::vector<std::vector<Value>> argBuffers_;
  mutable TraceStack stack_;
  void materializeFrames() const {
    for (const PendingFrame &p : lazyFrames_)
      stack_ = TraceFrame::push(stack_, *p.label, p.loc);
    lazyFrames_.clear();
  }
  Loc curLoc_;
  int depth_ = 0;
  int64_t steps_ = 0;
  std::unordered_map<uint32_t, uint64_t> functionsByFile_;
  std::vector<std::weak_ptr<Object>> jitObjects_;
  uint64_t programsCompiled_ = 0;
  bool muted_ = false;

  /// What a generator's body owns of the state above while it runs,
  /// swapped in on every resume and out on every suspend (Generators.cpp):
  /// its scope, running functions, handled exceptions and location. Its
  /// Python frames count on top of the resumer's (depth), and try
  /// statements inside it restore traces/axes/depth relative to the bases.
  struct GeneratorState {
    std::shared_ptr<Scope> scope;
    std::vector<std::pair<const FunctionObj *, Scope *>> calls;
    std::vector<Value> handling;
    TraceStack stack;
    Loc curLoc;
    int depth = 1; ///< Own frames while suspended; the resumer's while running.
    GeneratorObj *gen = nullptr;
    int depthBase = 0;
    size_t tracesBase = 0, axesBase = 0;
  };
  void enterGenerator(GeneratorState &s, const std::string &label, Loc resumeLoc,
                      bool checkDepth = true);
  void leaveGenerator(GeneratorState &s);
  GeneratorObj *runningGen_ = nullptr;
  bool tearingDown_ = false; ///< ~Evaluator: suspended bodies unwind, no Python runs.
  int depthBase_ = 0;
  size_t tracesBase_ = 0, axesBase_ = 0;
  /// Generators made, weakly: the evaluator unwinds the suspended ones
  /// before it goes (their stacks hold its values).
  std::vector<std::weak_ptr<GeneratorObj>> generators_;
  size_t generatorsLive_ = 0;
  void noteGenerator(const std::shared_ptr<GeneratorObj> &g);
  friend class GeneratorObj;

  friend void installBuiltins(Evaluator &ev,
                              NameMap<Value> &b);
  friend void installModules(Evaluator &ev,
                             std::unordered_map<std::string, Value> &m);
};

/// Half the nodes a body evaluates are leaves: a local already bound, an
/// int or float literal. They cannot fail or recurse, so they skip evalNode's
/// stack check, error annotation and dispatch.
[[gnu::always_inline]] inline Value Evaluator::evalOperand(const Expr &e, Frame &f) {
  if (e.kind == ExprKind::Name) {
    Scope &s = *f.scope;
    if (int i = cachedSlot(*static_cast<const NameExpr *>(&e), s);
        i >= 0 && !s.slots[i].isUnbound())
      return s.slots[i];
  } else if (e.kind == ExprKind::Constant) {
    auto *c = static_cast<const ConstantExpr *>(&e);
    if (c->type == ConstantExpr::Type::Int && c->strValue.empty())
      return Value::integer(c->intValue);
    if (c->type == ConstantExpr::Type::Float)
      return Value::floating(c->floatValue);
  }
  return eval(e, f);
}

/// Raises ParaxError(kind, msg) (location filled in by the caller's call).
[[noreturn]] void raise(const std::string &kind, const std::string &msg,
                        const std::string &hint = {});


} // namespace parax::frontend
