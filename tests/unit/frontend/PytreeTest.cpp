//===- PytreeTest.cpp - flattening nested containers ----------------------===//
//
// frontend/Pytree on values built by a real program (a Session's globals):
// flatten order and structure (dict keys sorted, None an empty node), the
// JAX-style PyTreeDef text, round trips through unflatten, key paths, the
// difference description used by carry/branch errors, and prefix
// broadcasting of in_axes/out_axes.
//
//===----------------------------------------------------------------------===//
#include "SessionTestUtil.h"

#include "frontend/tracing/Pytree.h"

namespace parax::testing {
namespace {

using frontend::TreeDef;
using frontend::Value;

class PytreeTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string error;
    session = Session::create(
        testOptions(), [&](const std::string &s) { out += s; },
        [&](const std::string &s) { err += s; }, error);
    ASSERT_TRUE(session) << error;
  }
  frontend::Evaluator &ev() { return session->evaluator(); }

  /// Evaluates `expr` in the session's globals.
  Value eval(const std::string &expr) {
    EXPECT_TRUE(session->runSource("_v = " + expr + "\n", "pytree.py")) << err;
    return ev().globals().vars["_v"];
  }
  std::string repr(const Value &v) { return ev().repr(v); }

  TreeDef flatten(const std::string &expr, std::vector<Value> &leaves) {
    return frontend::flatten(ev(), eval(expr), leaves);
  }
  /// The leaves' reprs joined with ", ".
  std::string leafReprs(const std::vector<Value> &leaves) {
    std::string s;
    for (const Value &l : leaves)
      s += (s.empty() ? "" : ", ") + repr(l);
    return s;
  }

  std::unique_ptr<Session> session;
  std::string out, err;
};

TEST_F(PytreeTest, LeafIsItsOwnTree) {
  std::vector<Value> leaves;
  TreeDef d = flatten("3.5", leaves);
  EXPECT_EQ(d.kind, TreeDef::Kind::Leaf);
  EXPECT_EQ(d.numLeaves(), 1u);
  EXPECT_EQ(d.str(ev()), "PyTreeDef(*)");
  EXPECT_EQ(leafReprs(leaves), "3.5");
}

TEST_F(PytreeTest, NoneIsAnEmptyNodeNotALeaf) {
  std::vector<Value> leaves;
  TreeDef d = flatten("(1, None, [None, 2])", leaves);
  EXPECT_EQ(d.numLeaves(), 2u);
  EXPECT_EQ(leafReprs(leaves), "1, 2");
  EXPECT_EQ(d.str(ev()), "PyTreeDef((*, None, [None, *]))");
}

TEST_F(PytreeTest, TuplesAndListsFlattenInOrder) {
  std::vector<Value> leaves;
  TreeDef d = flatten("((1, 2), [3, (4,)], 5)", leaves);
  EXPECT_EQ(leafReprs(leaves), "1, 2, 3, 4, 5");
  EXPECT_EQ(d.kind, TreeDef::Kind::Tuple);
  EXPECT_EQ(d.children[1].kind, TreeDef::Kind::List);
  EXPECT_EQ(d.str(ev()), "PyTreeDef(((*, *), [*, (*,)], *))");
}

TEST_F(PytreeTest, DictLeavesComeInSortedKeyOrder) {
  std::vector<Value> leaves;
  TreeDef d = flatten("{'w': 1, 'b': (2, 3), 'a': {'z': 4, 'y': 5}}", leaves);
  EXPECT_EQ(leafReprs(leaves), "5, 4, 2, 3, 1");
  EXPECT_EQ(d.str(ev()), "PyTreeDef({'a': {'y': *, 'z': *}, 'b': (*, *), 'w': *})");
}

TEST_F(PytreeTest, ArraysAreLeaves) {
  std::vector<Value> leaves;
  session->runSource("import jax.numpy as jnp\n", "imports.py");
  TreeDef d = flatten("{'p': jnp.zeros(3), 'q': [jnp.ones((2, 2))]}", leaves);
  ASSERT_EQ(leaves.size(), 2u);
  EXPECT_TRUE(leaves[0].isArray());
  EXPECT_EQ(leaves[1].asArray().shape(), (Shape{2, 2}));
  EXPECT_EQ(d.str(ev()), "PyTreeDef({'p': *, 'q': [*]})");
}

TEST_F(PytreeTest, UnflattenRebuildsTheSameStructure) {
  for (const char *expr : {"((1, 2), [3, (4,)], 5)", "{'a': (2.5,), 'b': [1, None]}",
                           "[]", "()", "None", "7", "{'k': {}}"}) {
    std::vector<Value> leaves;
    Value v = eval(expr);
    TreeDef d = frontend::flatten(ev(), v, leaves);
    Value back = frontend::unflatten(d, leaves);
    EXPECT_EQ(repr(back), repr(v)) << expr;
    std::vector<Value> again;
    EXPECT_TRUE(frontend::flatten(ev(), back, again) == d) << expr;
  }
}

TEST_F(PytreeTest, UnflattenBuildsDictsInSortedKeyOrder) {
  // As jax.tree_util.tree_unflatten does.
  std::vector<Value> leaves;
  TreeDef d = flatten("{'b': [1, None], 'a': (2.5,)}", leaves);
  EXPECT_EQ(repr(frontend::unflatten(d, leaves)), "{'a': (2.5,), 'b': [1, None]}");
}

TEST_F(PytreeTest, UnflattenSubstitutesNewLeaves) {
  std::vector<Value> leaves;
  TreeDef d = flatten("{'b': (0, 0), 'a': [0]}", leaves);
  std::vector<Value> fresh = {Value::integer(1), Value::integer(2), Value::integer(3)};
  EXPECT_EQ(repr(frontend::unflatten(d, fresh)), "{'a': [1], 'b': (2, 3)}");
}

TEST_F(PytreeTest, StructuresCompareByKindLengthAndKeys) {
  std::vector<Value> l;
  TreeDef tuple2 = flatten("(1, 2)", l), list2 = flatten("[1, 2]", l),
          tuple3 = flatten("(1, 2, 3)", l), tupleOther = flatten("(5.0, 'x')", l),
          dictA = flatten("{'a': 1}", l), dictB = flatten("{'b': 1}", l);
  EXPECT_TRUE(tuple2 == tupleOther); // leaves do not matter
  EXPECT_TRUE(tuple2 != list2);
  EXPECT_TRUE(tuple2 != tuple3);
  EXPECT_TRUE(dictA != dictB);
}

TEST_F(PytreeTest, LeafPathsUseIndicesAndKeyReprs) {
  std::vector<Value> leaves;
  TreeDef d = flatten("({'w': 1, 'b': [2, 3]}, None, 4)", leaves);
  std::vector<std::string> paths = frontend::leafPaths(ev(), d);
  EXPECT_EQ(paths, (std::vector<std::string>{"[0]['b'][0]", "[0]['b'][1]", "[0]['w']", "[2]"}));
  std::vector<Value> one;
  EXPECT_EQ(frontend::leafPaths(ev(), flatten("1", one)), (std::vector<std::string>{""}));
}

TEST_F(PytreeTest, DifferenceNamesThePathAndBothStructures) {
  std::vector<Value> l;
  TreeDef a = flatten("(1, (2, 3))", l), b = flatten("(1, (2, 3, 4))", l);
  std::string diff = frontend::describeTreeDifference(ev(), a, b, "the input carry",
                                                      "the output carry");
  EXPECT_TRUE(contains(diff, "the input carry[1] is a tuple of length 2"));
  EXPECT_TRUE(contains(diff, "the output carry is a tuple of length 3"));
  EXPECT_TRUE(contains(diff, "lengths do not match"));

  TreeDef c = flatten("[1, 2]", l), t = flatten("(1, 2)", l);
  std::string kind = frontend::describeTreeDifference(ev(), c, t, "x", "y");
  EXPECT_TRUE(contains(kind, "x is a list of length 2"));
  EXPECT_TRUE(contains(kind, "a tuple of length 2"));
  EXPECT_TRUE(contains(kind, "Python types differ"));

  TreeDef k1 = flatten("{'a': 1}", l), k2 = flatten("{'b': 1}", l);
  EXPECT_TRUE(contains(frontend::describeTreeDifference(ev(), k1, k2, "x", "y"),
                       "keys do not match"));
  EXPECT_EQ(frontend::describeTreeDifference(ev(), a, a, "x", "y"), "");
}

TEST_F(PytreeTest, PrefixLeafBroadcastsOverTheWholeSubtree) {
  std::vector<Value> l;
  TreeDef full = flatten("((1, 2), {'a': 3, 'b': [4, 5]})", l);
  std::vector<Value> axes;
  std::string path;
  ASSERT_TRUE(frontend::broadcastPrefix(ev(), eval("(0, {'a': None, 'b': 1})"), full, axes, path));
  EXPECT_EQ(leafReprs(axes), "0, 0, None, 1, 1");
  axes.clear();
  ASSERT_TRUE(frontend::broadcastPrefix(ev(), eval("0"), full, axes, path));
  EXPECT_EQ(leafReprs(axes), "0, 0, 0, 0, 0");
  axes.clear();
  ASSERT_TRUE(frontend::broadcastPrefix(ev(), eval("None"), full, axes, path));
  EXPECT_EQ(axes.size(), 5u);
}

TEST_F(PytreeTest, NonPrefixIsRejectedWithItsPath) {
  std::vector<Value> l;
  TreeDef full = flatten("((1, 2), 3)", l);
  std::vector<Value> axes;
  std::string path;
  // Too many entries at the top.
  EXPECT_FALSE(frontend::broadcastPrefix(ev(), eval("(0, 0, 0)"), full, axes, path));
  // A list where the arguments form a tuple (pmap does not convert lists).
  axes.clear();
  path.clear();
  EXPECT_FALSE(frontend::broadcastPrefix(ev(), eval("[0, 0]"), full, axes, path));
  // A mismatch below the top names its path.
  axes.clear();
  path.clear();
  EXPECT_FALSE(frontend::broadcastPrefix(ev(), eval("((0, 0, 0), 0)"), full, axes, path));
  EXPECT_EQ(path, "[0]");
  // A dict prefix needs the same keys.
  TreeDef dict = flatten("{'a': 1, 'b': 2}", l);
  axes.clear();
  path.clear();
  EXPECT_FALSE(frontend::broadcastPrefix(ev(), eval("{'a': 0, 'c': 0}"), dict, axes, path));
}

} // namespace
} // namespace parax::testing
