//===- ProgramGenerator.cpp - fuzz bytes -> a valid, extreme program ------===//
//
// Each statement template is a small function that draws its holes from the
// decision stream. The pools below are the values that broke parax before
// (extents whose product overflows, counts past memory, 100,000-deep data,
// recursion past the limit, format widths of 10^8) mixed with ordinary ones,
// so that mutations move between "runs" and "must fail cleanly".
//
//===----------------------------------------------------------------------===//
#include "tests/fuzz/ProgramGenerator.h"

#include <vector>

namespace parax::fuzz {

uint32_t DecisionStream::below(uint32_t n) {
  if (n <= 1 || pos_ >= size_)
    return 0;
  uint32_t v = data_[pos_++];
  if (n > 256 && pos_ < size_)
    v = (v << 8) | data_[pos_++];
  return v % n;
}

namespace {

const char *const kExtents[] = {"0",       "1",       "2",       "3",        "4",
                                "7",       "16",      "1000",    "65536",    "1 << 31",
                                "1 << 32", "1 << 40", "1 << 62", "2**63 - 1", "2**64",
                                "-1",      "-5",      "10**6"};
const char *const kDtypes[] = {"jnp.float32", "jnp.int32",  "jnp.int8",    "jnp.uint8",
                               "jnp.int16",   "jnp.uint32", "jnp.bool_",   "jnp.float16",
                               "jnp.bfloat16", "jnp.int64", "jnp.float64", "jnp.uint64"};
const char *const kScalars[] = {"0",        "-1",          "1",         "127",          "255",
                                "2**31 - 1", "2**63 - 1",  "-2**63",    "2**64",        "1e308",
                                "-1e308",   "float('inf')", "float('nan')", "1e-45",     "0.5",
                                "-0.0",     "True",        "3"};
const char *const kCounts[] = {"0",     "1",      "3",       "10",          "1000",
                               "10**5", "10**6",  "10**8",   "10**12",      "2**31",
                               "2**62", "-1",     "-10**9"};
const char *const kDepths[] = {"1", "10", "100", "500", "990", "1001", "5000", "100000"};
const char *const kIndices[] = {"0",  "1",  "-1",     "5",      "2**31", "-2**63", "2**64",
                                ":",  "::-1", "1:0",  "::2",    "None",  "...",    "0:4",
                                "-2**62:2**62", "::2**62"};

template <size_t N> const char *pick(DecisionStream &d, const char *const (&pool)[N]) {
  return pool[d.below(N)];
}

class Generator {
public:
  explicit Generator(DecisionStream &d) : d_(d) {}

  std::string run() {
    out_ = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\nimport numpy as np\n"
           "import math\n\n";
    out_ += "x0 = jnp.arange(12.0).reshape(3, 4)\n";
    unsigned statements = 1 + d_.below(8);
    for (unsigned i = 0; i < statements && !d_.exhausted(); ++i)
      statement();
    return out_;
  }

private:
  DecisionStream &d_;
  std::string out_;
  unsigned arrays_ = 1;

  std::string shape() {
    unsigned rank = d_.below(5);
    std::string s = "(";
    for (unsigned i = 0; i < rank; ++i)
      s += std::string(pick(d_, kExtents)) + (rank == 1 ? "," : i + 1 < rank ? ", " : "");
    return s + ")";
  }
  std::string anyArray() { return "x" + std::to_string(d_.below(arrays_)); }
  std::string newArray() { return "x" + std::to_string(arrays_++); }

  // Statement templates; the order matters only for which bytes pick them.
  void statement() {
    static const std::vector<void (Generator::*)()> kinds = {
        &Generator::creation, &Generator::use,      &Generator::jitted,   &Generator::pmapped,
        &Generator::loop,     &Generator::nesting,  &Generator::recursion, &Generator::deepExpr,
        &Generator::bombs,    &Generator::scalars,  &Generator::slicing,  &Generator::reshaping,
    };
    (this->*kinds[d_.below(kinds.size())])();
  }

  void creation() {
    std::string x = newArray();
    switch (d_.below(9)) {
    case 0: out_ += x + " = jnp.zeros(" + shape() + ", dtype=" + pick(d_, kDtypes) + ")\n"; break;
    case 1: out_ += x + " = jnp.ones(" + shape() + ", " + pick(d_, kDtypes) + ")\n"; break;
    case 2: out_ += x + " = jnp.full(" + shape() + ", " + pick(d_, kScalars) + ")\n"; break;
    case 3: out_ += x + " = jnp.arange(" + std::string(pick(d_, kCounts)) + ")\n"; break;
    case 4: out_ += x + " = jnp.linspace(0, 1, " + std::string(pick(d_, kCounts)) + ")\n"; break;
    case 5: out_ += x + " = jnp.eye(" + std::string(pick(d_, kExtents)) + ")\n"; break;
    case 6: out_ += x + " = jnp.broadcast_to(" + anyArray() + ", " + shape() + ")\n"; break;
    case 7:
      out_ += x + " = jnp.array([" + pick(d_, kScalars) + ", " + pick(d_, kScalars) +
              "], dtype=" + pick(d_, kDtypes) + ")\n";
      break;
    default: out_ += x + " = np.zeros(" + shape() + ")\n"; break;
    }
  }

  void use() {
    std::string x = anyArray();
    switch (d_.below(8)) {
    case 0: out_ += "print(" + x + "[" + pick(d_, kIndices) + "])\n"; break;
    case 1: out_ += "print(" + x + ".sum(), " + x + ".shape, " + x + ".dtype)\n"; break;
    case 2: out_ += "print(" + x + ".astype(" + pick(d_, kDtypes) + "))\n"; break;
    case 3: out_ += "print(" + x + " + " + anyArray() + ")\n"; break;
    case 4: out_ += "print(jnp.dot(" + x + ", " + anyArray() + "))\n"; break;
    case 5: out_ += "print(" + x + ".max(axis=" + pick(d_, kIndices) + "))\n"; break;
    case 6: out_ += "print(repr(" + x + "))\n"; break;
    default: out_ += "print(" + x + ".size, " + x + ".nbytes)\n"; break;
    }
  }

  void jitted() {
    static const char *const bodies[] = {"a * 2 + 1",         "a.sum()",
                                         "jnp.sin(a) @ a.T",  "a.reshape(-1)",
                                         "jnp.zeros((1 << 32, 1 << 32))", "a[::-1, None]",
                                         "lax.cumsum(a, 0)",  "jnp.broadcast_to(a, (1 << 31, 1 << 31) + a.shape)"};
    out_ += "print(jax.jit(lambda a: " + std::string(pick(d_, bodies)) + ")(" + anyArray() + "))\n";
  }

  void pmapped() {
    std::string n = pick(d_, kExtents);
    out_ += "print(jax.pmap(lambda a: lax.psum(a, 'i'), axis_name='i')(jnp.ones((2, " + n +
            "))))\n";
  }

  void loop() {
    std::string n = pick(d_, kCounts);
    if (d_.flip())
      out_ += "print(lax.fori_loop(0, " + n + ", lambda i, c: c + i, 0))\n";
    else
      out_ += "print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(" + n +
              "))\n";
  }

  void nesting() {
    out_ += "v = 0\nfor _ in range(" + std::string(pick(d_, kDepths)) + "):\n    v = [v]\n";
    static const char *const uses[] = {"print(str(v)[:20])", "print(v == v)",
                                       "print(len(jax.tree_util.tree_leaves(v)))",
                                       "print(jax.jit(lambda t: t)(v) is not None)",
                                       "print(hash(str(v)) != 0)", "print(jnp.array(v).shape)",
                                       "w = [v, v]\nprint(w < w)", "del v"};
    out_ += std::string(pick(d_, uses)) + "\n";
  }

  void recursion() {
    std::string depth = pick(d_, kDepths);
    out_ += "def r(n):\n    return 0 if n == 0 else 1 + r(n - 1)\nprint(r(" + depth + "))\n";
  }

  void deepExpr() {
    unsigned depth = 1 + d_.below(20000);
    if (d_.flip())
      out_ += "print(" + std::string(depth, '(') + "1" + std::string(depth, ')') + ")\n";
    else {
      out_ += "print(1";
      for (unsigned i = 0; i < depth; ++i)
        out_ += "+1";
      out_ += ")\n";
    }
  }

  void bombs() {
    std::string w = pick(d_, kCounts);
    switch (d_.below(5)) {
    case 0: out_ += "print(len('{:>" + w + "}'.format(1)))\n"; break;
    case 1: out_ += "print(len('a' * " + w + "))\n"; break;
    case 2: out_ += "print(len([0] * " + w + "))\n"; break;
    case 3: out_ += "l = [1]\nfor _ in range(64):\n    l = l + l\nprint(len(l))\n"; break;
    default: out_ += "print(len(f'{1:0" + std::string(pick(d_, kDepths)) + "d}'))\n"; break;
    }
  }

  void scalars() {
    std::string a = pick(d_, kScalars), b = pick(d_, kScalars);
    static const char *const ops[] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&"};
    std::string op = pick(d_, ops);
    if (d_.flip())
      out_ += "print(" + std::string(pick(d_, kDtypes)) + "(" + a + ") " + op + " " + b + ")\n";
    else
      out_ += "print(" + a + " " + op + " " + b + ")\n";
  }

  void slicing() {
    std::string x = anyArray();
    out_ += "print(" + x + "[" + pick(d_, kIndices) + ", " + pick(d_, kIndices) + "])\n";
  }

  void reshaping() {
    std::string x = anyArray(), y = newArray();
    switch (d_.below(4)) {
    case 0: out_ += y + " = " + x + ".reshape" + shape() + "\n"; break;
    case 1: out_ += y + " = jnp.tile(" + x + ", " + shape() + ")\n"; break;
    case 2: out_ += y + " = jnp.repeat(" + x + ", " + pick(d_, kCounts) + ")\n"; break;
    default: out_ += y + " = jnp.concatenate([" + x + ", " + anyArray() + "])\n"; break;
    }
  }
};

} // namespace

std::string generateProgram(const uint8_t *data, size_t size) {
  DecisionStream d(data, size);
  return Generator(d).run();
}

} // namespace parax::fuzz
