//===- Hashing.cpp - Python's hash() --------------------------------------===//
#include "frontend/machine/Hashing.h"
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Sets.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace parax::frontend {

namespace {
constexpr uint64_t kModulus = (uint64_t(1) << 61) - 1;

int64_t fixNeg1(int64_t h) { return h == -1 ? -2 : h; }

uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

/// SipHash-1-3 with CPython's finalisation, key (k0, k1) = (0, 0): what
/// CPython uses when PYTHONHASHSEED=0.
uint64_t siphash13(const unsigned char *in, size_t n) {
  uint64_t k0 = 0, k1 = 0;
  uint64_t b = uint64_t(n) << 56;
  uint64_t v0 = k0 ^ 0x736f6d6570736575ull, v1 = k1 ^ 0x646f72616e646f6dull,
           v2 = k0 ^ 0x6c7967656e657261ull, v3 = k1 ^ 0x7465646279746573ull;
  auto round = [&]() {
    v0 += v1;
    v2 += v3;
    v1 = rotl(v1, 13) ^ v0;
    v3 = rotl(v3, 16) ^ v2;
    v0 = rotl(v0, 32);
    v2 += v1;
    v0 += v3;
    v1 = rotl(v1, 17) ^ v2;
    v3 = rotl(v3, 21) ^ v0;
    v2 = rotl(v2, 32);
  };
  while (n >= 8) {
    uint64_t mi = 0;
    for (int k = 0; k < 8; ++k)
      mi |= uint64_t(in[k]) << (8 * k);
    in += 8;
    n -= 8;
    v3 ^= mi;
    round();
    v0 ^= mi;
  }
  uint64_t t = 0;
  for (size_t k = 0; k < n; ++k)
    t |= uint64_t(in[k]) << (8 * k);
  b |= t;
  v3 ^= b;
  round();
  v0 ^= b;
  v2 ^= 0xff;
  round();
  round();
  round();
  return (v0 ^ v1) ^ (v2 ^ v3);
}

/// CPython's rule for classes: one that defines __eq__ without __hash__
/// in its own body has __hash__ = None. Returns the __hash__ that applies
/// (null: object's identity hash; None: unhashable).
const Value *instanceHashMethod(const ClassObj *cls, bool &unhashable) {
  static const Value none;
  unhashable = false;
  for (const ClassObj *c : cls->mro()) {
    const Value *h = nullptr, *eq = nullptr;
    for (auto &kv : c->members()) {
      if (kv.first == "__hash__")
        h = &kv.second;
      else if (kv.first == "__eq__")
        eq = &kv.second;
    }
    if (h) {
      unhashable = h->isNone();
      return h;
    }
    if (eq) {
      unhashable = true;
      return &none;
    }
  }
  return nullptr;
}
} // namespace

int64_t bytesHash(std::string_view s) {
  if (s.empty())
    return 0;
  return fixNeg1(int64_t(siphash13(reinterpret_cast<const unsigned char *>(s.data()), s.size())));
}

int64_t strHash(std::string_view s) {
  bool ascii = true;
  for (unsigned char c : s)
    if (c & 0x80) {
      ascii = false;
      break;
    }
  if (ascii)
    return bytesHash(s);
  // Decode, then hash the code units of CPython's narrowest storage kind.
  std::vector<uint32_t> cps;
  uint32_t maxCp = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1f) : n == 3 ? (c & 0x0f) : (c & 0x07);
    for (size_t k = 1; k < n && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    cps.push_back(cp);
    maxCp = std::max(maxCp, cp);
    i += n;
  }
  size_t width = maxCp < 0x100 ? 1 : maxCp < 0x10000 ? 2 : 4;
  std::vector<unsigned char> units;
  units.reserve(cps.size() * width);
  for (uint32_t cp : cps)
    for (size_t k = 0; k < width; ++k)
      units.push_back((unsigned char)(cp >> (8 * k)));
  return fixNeg1(int64_t(siphash13(units.data(), units.size())));
}

namespace {
/// CPython's tuple hash (xxHash lanes), walking nested tuples with an
/// explicit stack: a 100,000-deep tuple hashes as it does in CPython.
int64_t tupleHash(Evaluator &ev, const Value &v) {
  const uint64_t p1 = 11400714785074694791ull, p2 = 14029467366897019727ull,
                 p5 = 2870177450012600261ull;
  struct Level {
    const Value *tuple;
    size_t next;
    uint64_t acc;
  };
  std::vector<Level> stack{{&v, 0, p5}};
  auto mix = [&](uint64_t &acc, uint64_t lane) {
    acc += lane * p2;
    acc = (acc << 31) | (acc >> 33);
    acc *= p1;
  };
  for (;;) {
    Level &top = stack.back();
    const std::vector<Value> &elts = top.tuple->elements();
    if (top.next < elts.size()) {
      const Value &e = elts[top.next++];
      if (e.isTuple()) {
        stack.push_back({&e, 0, p5}); // `top` is not used after this
        continue;
      }
      int64_t h = pyHash(ev, e);
      mix(stack.back().acc, uint64_t(h));
      continue;
    }
    uint64_t acc = top.acc + (elts.size() ^ (p5 ^ 3527539ull));
    int64_t h = acc == uint64_t(-1) ? 1546275796 : int64_t(acc);
    stack.pop_back();
    if (stack.empty())
      return h;
    mix(stack.back().acc, uint64_t(h));
  }
}
} // namespace

int64_t pyHash(Evaluator &ev, const Value &v) {
  switch (v.kind()) {
  case Value::Kind::None: return 0x2a5d1e0;
  case Value::Kind::Bool:
  case Value::Kind::Int: {
    int64_t i = v.asInt();
    uint64_t m = (i < 0 ? uint64_t(0) - uint64_t(i) : uint64_t(i)) % kModulus;
    return fixNeg1(i < 0 ? -int64_t(m) : int64_t(m));
  }
  case Value::Kind::BigInt:
    return bigOf(v).hash();
  case Value::Kind::Float: {
    double d = v.asFloat();
    if (std::isinf(d))
      return d > 0 ? 314159 : -314159;
    if (std::isnan(d)) // CPython 3.11 hashes NaN by identity; floats are inline here
      return 0;
    int e;
    double m = std::frexp(std::fabs(d), &e);
    uint64_t x = 0;
    while (m) { // 28 bits at a time, as CPython's _Py_HashDouble
      x = ((x << 28) & kModulus) | (x >> (61 - 28));
      m *= 268435456.0;
      e -= 28;
      uint64_t y = uint64_t(m);
      m -= double(y);
      x += y;
      if (x >= kModulus)
        x -= kModulus;
    }
    e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
    x = ((x << e) & kModulus) | (x >> (61 - e));
    return fixNeg1(d < 0 ? -int64_t(x) : int64_t(x));
  }
  case Value::Kind::Str:
    return strHash(v.asStr());
  case Value::Kind::Tuple:
    return tupleHash(ev, v);
  case Value::Kind::FrozenSet:
    return frozensetHash(ev, v);
  case Value::Kind::List:
  case Value::Kind::Dict:
  case Value::Kind::Set:
  case Value::Kind::Array:
  case Value::Kind::Tracer:
  case Value::Kind::Slice: // slices are unhashable before Python 3.12
    raise("TypeError", "unhashable type: '" + typeName(v) + "'",
          v.isList()    ? "a list can change, so it cannot be a set member or dict key; "
                          "use tuple(...) of it"
          : v.isAnySet() ? "use frozenset(...) of it, which is hashable"
          : v.isDict()  ? "use a tuple of its items, tuple(sorted(d.items()))"
                        : "");
  case Value::Kind::Native:
    if (ClassObj *cls = classOfInstance(v)) {
      bool unhashable = false;
      const Value *h = instanceHashMethod(cls, unhashable);
      if (unhashable)
        raise("TypeError", "unhashable type: '" + typeName(v) + "'");
      if (h) {
        Value r;
        callSpecial(ev, v, "__hash__", {}, r);
        if (r.isBigInt())
          return bigOf(r).hash();
        if (!r.isInt() && !r.isBool())
          raise("TypeError", "__hash__ method should return an integer");
        return fixNeg1(r.asInt());
      }
    }
    [[fallthrough]];
  default: {
    // Identity: the address rotated by 4 bits, as _Py_HashPointer.
    uint64_t y = uint64_t(reinterpret_cast<uintptr_t>(v.objectPtr().get()));
    return fixNeg1(int64_t((y >> 4) | (y << 60)));
  }
  }
}

bool pyKeysEqual(Evaluator &ev, const Value &a, const Value &b) {
  if (a.identical(b))
    return true;
  return ev.truthy(ev.equals(a, b, {}));
}

namespace {
/// The evaluators alive on this thread, newest last (an embedding host may
/// hold several; the newest is the one running).
thread_local std::vector<Evaluator *> *gLive = nullptr;
} // namespace

Evaluator *currentEvaluator() { return gLive && !gLive->empty() ? gLive->back() : nullptr; }
void enterEvaluator(Evaluator *ev) {
  if (!gLive)
    gLive = new std::vector<Evaluator *>();
  gLive->push_back(ev);
}
void leaveEvaluator(Evaluator *ev) {
  if (!gLive)
    return;
  gLive->erase(std::remove(gLive->begin(), gLive->end(), ev), gLive->end());
}

} // namespace parax::frontend
