//===- Ast.h - the parax AST ------------------------------------*- C++ -*-===//
//
// The abstract syntax tree of the Python subset, produced by AstBuilder from
// the ANTLR parse tree and walked by the Evaluator. Nodes follow Python's own
// `ast` module (names and fields), so the mapping is easy to check. Every node
// takes its Loc as the first constructor argument; children are owned by
// unique_ptr. Kinds use LLVM-style classof so `dyn_cast`-like helpers work
// without RTTI dependence.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Location.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace parax::frontend {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

enum class ExprKind {
  Name,      ///< x
  Constant,  ///< 1, 2.5, 'abc', True, None, ...
  FString,   ///< f"a{x:.2f}b"
  BinOp,     ///< a + b
  UnaryOp,   ///< -a, not a
  BoolOp,    ///< a and b or c
  Compare,   ///< a < b <= c
  IfExp,     ///< a if c else b
  Call,      ///< f(a, *b, k=c, **d)
  Attribute, ///< a.b
  Subscript, ///< a[i]
  Slice,     ///< lo:hi:step (only as a Subscript index or inside its Tuple)
  Tuple,     ///< (a, b)
  List,      ///< [a, b]
  Dict,      ///< {k: v}
  Set,       ///< {a, b} (parsed so that it can be named as unsupported)
  Lambda,    ///< lambda x, y=1: x + y
  ListComp,  ///< [e for t in it if c] ; also generator expressions
  DictComp,  ///< {k: v for t in it}
  Starred,   ///< *a (in calls, displays and assignment targets)
  Yield,     ///< yield v, yield from it (makes the enclosing def a generator)
};

struct Expr {
  const ExprKind kind;
  Loc loc;
  Expr(ExprKind k, Loc l) : kind(k), loc(l) {}
  virtual ~Expr() = default;
};
using ExprPtr = std::unique_ptr<Expr>;

struct NameExpr : Expr {
  std::string id;
  size_t hash; ///< std::hash of id, computed once for the evaluator's scope lookups.
  /// The evaluator's cache of where this name was last found: a function
  /// layout's id (high 40 bits) and the slot in it (low 24). A hint only,
  /// checked against the running scope's layout before use; one word, so
  /// it is read and written whole.
  mutable uint64_t slotCache = 0;
  /// This name's entry in an evaluator's cache of global lookups
  /// (Evaluator::cachedGlobal); 0 until first looked up as a global.
  mutable uint32_t globalIndex = 0;
  NameExpr(Loc l, std::string id)
      : Expr(ExprKind::Name, l), id(std::move(id)), hash(std::hash<std::string>{}(this->id)) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Name; }
};

struct ConstantExpr : Expr {
  enum class Type { None, Bool, Int, Float, Str, Ellipsis };
  Type type;
  bool boolValue = false;
  int64_t intValue = 0;  ///< Ints beyond int64 keep their digits in strValue.
  double floatValue = 0; ///< Also used for imaginary literals: not supported.
  std::string strValue;  ///< UTF-8, escapes already decoded; for an Int
                         ///< beyond int64, its spelling without '_' (0x.., 123..).
  /// The evaluator's str object for a Str constant, made once (strs are
  /// immutable; CPython too shares one object per constant of a code
  /// object). Opaque here: the AST does not know values.
  mutable std::shared_ptr<void> cachedValue;
  ConstantExpr(Loc l, Type t) : Expr(ExprKind::Constant, l), type(t) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Constant; }
};

/// An f-string: alternating literal pieces and replacement fields.
struct FStringExpr : Expr {
  struct Part {
    std::string literal; ///< Used when value is null.
    ExprPtr value;       ///< The replacement field's expression.
    char conversion = 0; ///< 0, 'r', 's' or 'a'
    /// The format spec after ':'; may itself contain fields, so it is an
    /// f-string of its own (null when absent).
    std::unique_ptr<FStringExpr> spec;
    std::string selfDoc; ///< For `{x=}`: the text "x=" to print first.
  };
  std::vector<Part> parts;
  explicit FStringExpr(Loc l) : Expr(ExprKind::FString, l) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::FString; }
};

enum class BinOpKind {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  MatMul,
  BitAnd,
  BitOr,
  BitXor,
  LShift,
  RShift
};
/// "+", "//", "@", ...
const char *binOpSymbol(BinOpKind k);

struct BinOpExpr : Expr {
  BinOpKind op;
  ExprPtr lhs, rhs;
  BinOpExpr(Loc l, BinOpKind op, ExprPtr a, ExprPtr b)
      : Expr(ExprKind::BinOp, l), op(op), lhs(std::move(a)), rhs(std::move(b)) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::BinOp; }
};

enum class UnaryOpKind { Neg, Pos, Not, Invert };
struct UnaryOpExpr : Expr {
  UnaryOpKind op;
  ExprPtr operand;
  UnaryOpExpr(Loc l, UnaryOpKind op, ExprPtr a)
      : Expr(ExprKind::UnaryOp, l), op(op), operand(std::move(a)) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::UnaryOp; }
};

struct BoolOpExpr : Expr {
  bool isAnd; ///< true: and, false: or
  std::vector<ExprPtr> values; ///< Two or more.
  BoolOpExpr(Loc l, bool isAnd) : Expr(ExprKind::BoolOp, l), isAnd(isAnd) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::BoolOp; }
};

enum class CmpOpKind { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
const char *cmpOpSymbol(CmpOpKind k);

struct CompareExpr : Expr {
  ExprPtr left;
  std::vector<CmpOpKind> ops;
  std::vector<ExprPtr> comparators; ///< Same length as ops.
  explicit CompareExpr(Loc l) : Expr(ExprKind::Compare, l) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Compare; }
};

struct IfExpExpr : Expr {
  ExprPtr test, body, orelse;
  IfExpExpr(Loc l, ExprPtr t, ExprPtr b, ExprPtr o)
      : Expr(ExprKind::IfExp, l), test(std::move(t)), body(std::move(b)),
        orelse(std::move(o)) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::IfExp; }
};

struct Keyword {
  Loc loc;
  std::string name; ///< Empty for `**mapping`.
  ExprPtr value;
};

struct CallExpr : Expr {
  ExprPtr func;
  std::vector<ExprPtr> args; ///< May contain StarredExpr for `*xs`.
  std::vector<Keyword> keywords;
  explicit CallExpr(Loc l) : Expr(ExprKind::Call, l) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Call; }
};

struct AttributeExpr : Expr {
  ExprPtr value;
  std::string attr;
  Loc attrLoc; ///< Location of the attribute name itself.
  /// The evaluator's cache of the built-in method this call site last ran
  /// (a BuiltinMethod, checked against the receiver's kind before use).
  /// Opaque here; one word, read and written whole.
  mutable const void *methodCache = nullptr;
  /// This site's entry in an evaluator's cache of class lookups
  /// (Evaluator::classAttrsAt); 0 until first used.
  mutable uint32_t classCacheIndex = 0;
  AttributeExpr(Loc l, ExprPtr v, std::string a)
      : Expr(ExprKind::Attribute, l), value(std::move(v)), attr(std::move(a)) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Attribute; }
};

struct SubscriptExpr : Expr {
  ExprPtr value;
  /// The index: a single expression, a SliceExpr, or a TupleExpr of those
  /// (for `a[1:2, None, ...]`).
  ExprPtr index;
  SubscriptExpr(Loc l, ExprPtr v, ExprPtr i)
      : Expr(ExprKind::Subscript, l), value(std::move(v)), index(std::move(i)) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Subscript; }
};

struct SliceExpr : Expr {
  ExprPtr lower, upper, step; ///< Each may be null.
  explicit SliceExpr(Loc l) : Expr(ExprKind::Slice, l) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Slice; }
};

/// Tuple, List and Set displays share this node.
struct SequenceExpr : Expr {
  std::vector<ExprPtr> elts; ///< May contain StarredExpr.
  SequenceExpr(ExprKind k, Loc l) : Expr(k, l) {}
  static bool classof(const Expr *e) {
    return e->kind == ExprKind::Tuple || e->kind == ExprKind::List ||
           e->kind == ExprKind::Set;
  }
};

struct DictExpr : Expr {
  std::vector<ExprPtr> keys;   ///< A null key means `**values[i]`.
  std::vector<ExprPtr> values;
  explicit DictExpr(Loc l) : Expr(ExprKind::Dict, l) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Dict; }
};

/// Function parameters (shared by `def` and `lambda`).
struct Param {
  Loc loc;
  std::string name;
  ExprPtr defaultValue; ///< Null when required.
};
struct Parameters {
  std::vector<Param> positional; ///< Before `*`.
  std::string varargs;           ///< Name after `*` ("" if none).
  std::vector<Param> kwonly;     ///< After `*` or `*args`.
  std::string kwargs;            ///< Name after `**` ("" if none).
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

struct LambdaExpr : Expr {
  Parameters params;
  ExprPtr body;
  bool isGenerator = false; ///< Its body contains `yield`.
  explicit LambdaExpr(Loc l) : Expr(ExprKind::Lambda, l) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Lambda; }
};

struct Comprehension {
  ExprPtr target; ///< Name, Tuple or List of names.
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
};

struct ListCompExpr : Expr {
  ExprPtr elt;
  std::vector<Comprehension> generators;
  bool isGenerator = false; ///< Written as `(e for ...)`: a lazy generator.
  bool isSet = false;       ///< Written as `{e for ...}`: builds a set.
  explicit ListCompExpr(Loc l) : Expr(ExprKind::ListComp, l) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::ListComp; }
};

struct DictCompExpr : Expr {
  ExprPtr key, value;
  std::vector<Comprehension> generators;
  explicit DictCompExpr(Loc l) : Expr(ExprKind::DictComp, l) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::DictComp; }
};

/// `yield value` (value may be null) or `yield from value`.
struct YieldExpr : Expr {
  ExprPtr value;
  bool isFrom = false;
  YieldExpr(Loc l, ExprPtr v, bool from)
      : Expr(ExprKind::Yield, l), value(std::move(v)), isFrom(from) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Yield; }
};

struct StarredExpr : Expr {
  ExprPtr value;
  StarredExpr(Loc l, ExprPtr v) : Expr(ExprKind::Starred, l), value(std::move(v)) {}
  static bool classof(const Expr *e) { return e->kind == ExprKind::Starred; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

enum class StmtKind {
  Expr,
  Assign,
  AugAssign,
  AnnAssign,
  Return,
  If,
  While,
  For,
  Break,
  Continue,
  Pass,
  FunctionDef,
  ClassDef,
  Import,
  ImportFrom,
  Assert,
  With,
  Delete,
  Try,
  Raise,
  Global,   ///< global a, b
  Nonlocal, ///< nonlocal a, b
  /// A construct outside the subset that parsed fine (class, yield,
  /// async ...). The evaluator reports it when it is reached
  /// at definition time; AstBuilder reports it at once, so evaluation of
  /// such a node is a defensive fallback.
  Unsupported,
};

struct Stmt {
  const StmtKind kind;
  Loc loc;
  Stmt(StmtKind k, Loc l) : kind(k), loc(l) {}
  virtual ~Stmt() = default;
};
using Block = std::vector<StmtPtr>;

struct ExprStmt : Stmt {
  ExprPtr value;
  ExprStmt(Loc l, ExprPtr v) : Stmt(StmtKind::Expr, l), value(std::move(v)) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Expr; }
};

/// `a = b = value`: targets are Name, Tuple/List (with at most one Starred),
/// Attribute or Subscript expressions.
struct AssignStmt : Stmt {
  std::vector<ExprPtr> targets;
  ExprPtr value;
  explicit AssignStmt(Loc l) : Stmt(StmtKind::Assign, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Assign; }
};

struct AugAssignStmt : Stmt {
  ExprPtr target;
  BinOpKind op;
  ExprPtr value;
  AugAssignStmt(Loc l, ExprPtr t, BinOpKind op, ExprPtr v)
      : Stmt(StmtKind::AugAssign, l), target(std::move(t)), op(op),
        value(std::move(v)) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::AugAssign; }
};

/// `x: T = v` (the annotation is parsed and ignored; v may be null).
struct AnnAssignStmt : Stmt {
  ExprPtr target, annotation, value;
  explicit AnnAssignStmt(Loc l) : Stmt(StmtKind::AnnAssign, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::AnnAssign; }
};

struct ReturnStmt : Stmt {
  ExprPtr value; ///< Null for a bare `return`.
  ReturnStmt(Loc l, ExprPtr v) : Stmt(StmtKind::Return, l), value(std::move(v)) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Return; }
};

/// `elif` chains are nested IfStmts in orelse.
struct IfStmt : Stmt {
  ExprPtr test;
  Block body, orelse;
  explicit IfStmt(Loc l) : Stmt(StmtKind::If, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::If; }
};

struct WhileStmt : Stmt {
  ExprPtr test;
  Block body, orelse;
  explicit WhileStmt(Loc l) : Stmt(StmtKind::While, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::While; }
};

struct ForStmt : Stmt {
  ExprPtr target; ///< Name, Tuple or List of targets.
  ExprPtr iter;
  Block body, orelse;
  explicit ForStmt(Loc l) : Stmt(StmtKind::For, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::For; }
};

struct SimpleStmt : Stmt { ///< break, continue, pass
  SimpleStmt(StmtKind k, Loc l) : Stmt(k, l) {}
  static bool classof(const Stmt *s) {
    return s->kind == StmtKind::Break || s->kind == StmtKind::Continue ||
           s->kind == StmtKind::Pass;
  }
};

struct FunctionDefStmt : Stmt {
  std::string name;
  Loc nameLoc;
  Parameters params;
  std::vector<ExprPtr> decorators; ///< Outermost first, as written.
  Block body;
  bool isGenerator = false; ///< Its body (not a nested def's) contains `yield`.
  explicit FunctionDefStmt(Loc l) : Stmt(StmtKind::FunctionDef, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::FunctionDef; }
};

struct ClassDefStmt : Stmt {
  std::string name;
  Loc nameLoc;
  std::vector<ExprPtr> bases;      ///< May contain StarredExpr.
  std::vector<Keyword> keywords;   ///< metaclass=..., **kw
  std::vector<ExprPtr> decorators; ///< Outermost first, as written.
  Block body;
  explicit ClassDefStmt(Loc l) : Stmt(StmtKind::ClassDef, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::ClassDef; }
};

struct ImportAlias {
  Loc loc;
  std::string name;   ///< Dotted: "jax.numpy"; "*" for `from m import *`.
  std::string asname; ///< "" if none.
};

struct ImportStmt : Stmt { ///< import a.b as c, d
  std::vector<ImportAlias> names;
  explicit ImportStmt(Loc l) : Stmt(StmtKind::Import, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Import; }
};

struct ImportFromStmt : Stmt { ///< from a.b import c as d, e
  std::string module; ///< Dotted; relative imports are an error.
  Loc moduleLoc;
  std::vector<ImportAlias> names;
  explicit ImportFromStmt(Loc l) : Stmt(StmtKind::ImportFrom, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::ImportFrom; }
};

struct AssertStmt : Stmt {
  ExprPtr test, msg; ///< msg may be null.
  explicit AssertStmt(Loc l) : Stmt(StmtKind::Assert, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Assert; }
};

struct WithItem {
  ExprPtr context;
  ExprPtr target; ///< `as` target, may be null.
};
struct WithStmt : Stmt {
  std::vector<WithItem> items;
  Block body;
  explicit WithStmt(Loc l) : Stmt(StmtKind::With, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::With; }
};

struct DeleteStmt : Stmt {
  std::vector<ExprPtr> targets;
  explicit DeleteStmt(Loc l) : Stmt(StmtKind::Delete, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Delete; }
};

/// One `except E as name:` clause; `type` is null for a bare `except:`.
struct ExceptHandler {
  Loc loc;
  ExprPtr type;
  std::string name; ///< "" without `as`.
  Block body;
};
/// try/except/else/finally (handlers may be empty when finalbody is not).
struct TryStmt : Stmt {
  Block body;
  std::vector<ExceptHandler> handlers;
  Block orelse, finalbody;
  explicit TryStmt(Loc l) : Stmt(StmtKind::Try, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Try; }
};

/// `raise`, `raise exc`, `raise exc from cause` (exc/cause may be null).
struct RaiseStmt : Stmt {
  ExprPtr exc, cause;
  explicit RaiseStmt(Loc l) : Stmt(StmtKind::Raise, l) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Raise; }
};

/// `global a, b` or `nonlocal a, b`.
struct ScopeDeclStmt : Stmt {
  std::vector<std::string> names;
  std::vector<Loc> nameLocs;
  ScopeDeclStmt(StmtKind k, Loc l) : Stmt(k, l) {}
  bool isGlobal() const { return kind == StmtKind::Global; }
  static bool classof(const Stmt *s) {
    return s->kind == StmtKind::Global || s->kind == StmtKind::Nonlocal;
  }
};

/// A construct outside the subset (see StmtKind::Unsupported).
struct UnsupportedStmt : Stmt {
  std::string what; ///< "classes", "try/except", "global statements", ...
  UnsupportedStmt(Loc l, std::string w)
      : Stmt(StmtKind::Unsupported, l), what(std::move(w)) {}
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Unsupported; }
};

/// A parsed file or REPL input.
struct Module {
  uint32_t file = 0; ///< SourceRegistry id.
  Block body;
};

//===----------------------------------------------------------------------===//
// Casting helpers (LLVM style, on top of classof).
//===----------------------------------------------------------------------===//
template <typename T, typename B> bool isa(const B *n) {
  return n && T::classof(n);
}
template <typename T, typename B> T *dyn_cast(B *n) {
  return isa<T>(n) ? static_cast<T *>(n) : nullptr;
}
template <typename T, typename B> const T *dyn_cast(const B *n) {
  return isa<T>(n) ? static_cast<const T *>(n) : nullptr;
}
template <typename T, typename B> T *cast(B *n) { return static_cast<T *>(n); }
template <typename T, typename B> const T *cast(const B *n) {
  return static_cast<const T *>(n);
}

/// `--dump ast`: an indented, stable printout with line:col on every node.
std::string dumpAst(const Module &m);

} // namespace parax::frontend
