//===- Pytree.h - flattening nested containers ------------------*- C++ -*-===//
//
// JAX pytrees: tuples, lists and dicts (keys sorted) are containers, None is
// an empty container, everything else is a leaf. Traced functions take and
// return pytrees; the IR only sees their leaves.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace parax::frontend {

class Evaluator;

/// A registered pytree node type (NamedTuple classes,
/// jax.tree_util.register_pytree_node / register_dataclass): how to take an
/// instance apart into children plus static aux data and how to rebuild it.
/// The closures capture the evaluator they call back into.
struct PytreeNodeType {
  std::string name;       ///< As JAX prints it: "namedtuple[State]", "Linear"
  const void *identity;   ///< The class: two treedefs match only on the same one
  bool showsAux = true;   ///< JAX prints "Box[aux]"; namedtuples print no aux
  std::function<void(const Value &v, std::vector<Value> &children, Value &aux)> flatten;
  std::function<Value(const Value &aux, const std::vector<Value> &children)> unflatten;
};

/// The node type of `v` if it is an instance of a registered class.
std::shared_ptr<const PytreeNodeType> pytreeNodeOf(const Value &v);

struct TreeDef {
  enum class Kind { Leaf, None, Tuple, List, Dict, Custom };
  Kind kind = Kind::Leaf;
  std::vector<TreeDef> children;
  std::vector<Value> keys; ///< Dict keys, sorted.
  /// Custom nodes: the node type, its aux data and aux's hashable key.
  std::shared_ptr<const PytreeNodeType> node;
  Value aux;
  std::string auxKey;

  size_t numLeaves() const;
  /// JAX's form: "PyTreeDef((*, *))", "PyTreeDef({'a': *})".
  std::string str(Evaluator &ev) const;
  std::string shortStr(Evaluator &ev) const;
  bool operator==(const TreeDef &o) const;
  bool operator!=(const TreeDef &o) const { return !(*this == o); }
};

/// Flattens `v` into leaves (appended) and its structure.
TreeDef flatten(Evaluator &ev, const Value &v, std::vector<Value> &leaves);
/// Rebuilds a value from `def` consuming leaves from `pos`.
Value unflatten(const TreeDef &def, const std::vector<Value> &leaves,
                size_t &pos);
Value unflatten(const TreeDef &def, const std::vector<Value> &leaves);
/// Key paths of each leaf: "[0]", "[1]['w']" (relative to the root).
std::vector<std::string> leafPaths(Evaluator &ev, const TreeDef &def);
/// Describes the first difference between two structures, JAX style
/// ("the input carry c is a tuple of length 2 but ..."); empty if equal.
std::string describeTreeDifference(Evaluator &ev, const TreeDef &a,
                                   const TreeDef &b, const std::string &nameA,
                                   const std::string &nameB);
/// Broadcasts a prefix tree (in_axes / out_axes) over `full`: one value per
/// leaf of `full`. Returns false (and sets `path`) where `prefix` is not a
/// prefix of `full`.
bool broadcastPrefix(Evaluator &ev, const Value &prefix, const TreeDef &full,
                     std::vector<Value> &out, std::string &path);

} // namespace parax::frontend
