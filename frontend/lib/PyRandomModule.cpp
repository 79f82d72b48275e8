//===- PyRandomModule.cpp - the native half of Python's random ------------===//
//
// `_random`, what frontend/lib/python/random.py builds on, as CPython's
// random.py builds on its C module: a Mersenne Twister core seeded exactly
// as CPython seeds (random/CPythonSeed.h), with random(), getrandbits(k),
// _randbelow(n) and the state.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/NpRandom.h"
#include "frontend/lib/random/MT19937.h"
#include "frontend/lib/random/CPythonSeed.h"
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "ir/HostMemory.h"

#include <cmath>
#include <cstring>

namespace parax::frontend {

namespace {
struct Core {
  rng::MT19937 mt;

  void seed(Evaluator &ev, const Value &a, const Value &version) {
    if (a.isNone()) {
      mt.seedArray(nprandom::clockEntropy());
      return;
    }
    if (a.isInt() || a.isBool()) {
      int64_t v = a.asInt();
      mt.seedArray(rng::seedKeyForInt(v));
      return;
    }
    if (a.isFloat()) {
      mt.seedArray(rng::seedKeyForFloat(a.asFloat()));
      return;
    }
    if (a.isStr()) {
      int64_t ver = version.isNone() ? 2 : ev.toIndex(version, "version");
      if (ver != 2)
        raise("NotImplementedError", "random.seed(str, version=1) is not part of parax",
              "use the default version=2");
      mt.seedArray(rng::seedKeyForStr(a.asStr()));
      return;
    }
    raise("TypeError", "The only supported seed types are: None,\nint, float, str, bytes, and "
                       "bytearray.",
          "seed with an int, float or str");
  }

  uint64_t getrandbits(int64_t k) {
    if (k <= 32)
      return k == 0 ? 0 : mt.next32() >> (32 - k);
    // Words least significant first, the last one shifted to its width.
    uint64_t lo = mt.next32();
    uint64_t hi = mt.next32() >> (64 - k);
    return lo | (hi << 32);
  }

  /// _randbelow_with_getrandbits: rejection on n.bit_length() bits.
  int64_t randbelow(int64_t n) {
    int k = 0;
    for (uint64_t v = uint64_t(n); v; v >>= 1)
      ++k;
    uint64_t r = getrandbits(k);
    while (r >= uint64_t(n))
      r = getrandbits(k);
    return int64_t(r);
  }
};

class CoreObj : public NativeObject {
public:
  CoreObj() : core_(std::make_shared<Core>()) {}
  std::string typeName() const override { return "_random.Random"; }
  std::string repr() const override { return "<_random.Random object>"; }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override {
    return {"seed", "random", "getrandbits", "randbelow", "randrange", "getstate", "setstate"};
  }

private:
  std::shared_ptr<Core> core_;
};

bool CoreObj::getAttr(Evaluator &, const std::string &name, Value &out) {
  std::shared_ptr<Core> c = core_;
  if (name == "seed") {
    out = makeBuiltin("Random.seed", [c](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"a", "version"}, 0, "seed");
      c->seed(ev, argOr(a, 0, "a", Value::none()), argOr(a, 1, "version", Value::none()));
      return Value::none();
    });
  } else if (name == "random") {
    out = makeBuiltin("Random.random", [c](Evaluator &, CallArgs &a) {
      expectPositional(a, 0, 0, "random");
      return Value::floating(c->mt.nextDouble());
    });
  } else if (name == "getrandbits") {
    out = makeBuiltin("Random.getrandbits", [c](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, "getrandbits");
      int64_t k = ev.toIndex(a.args[0], "getrandbits");
      if (k < 0)
        raise("ValueError", "number of bits must be non-negative");
      if (k > 63) {
        // CPython's order: 32-bit words least significant first, the last
        // one keeping its top bits; the result is a Python (big) int.
        if (k > (int64_t(1) << 31))
          raise("OverflowError", "getrandbits(" + std::to_string(k) + ") is too large");
        HostMemory::require(k / 8 + 64, "the bits getrandbits draws");
        std::vector<uint32_t> words;
        for (int64_t left = k; left > 0; left -= 32) {
          uint32_t r = c->mt.next32();
          if (left < 32)
            r >>= (32 - left);
          words.push_back(r);
        }
        return intValue(BigInt::fromLimbs(std::move(words), false));
      }
      return Value::integer(int64_t(c->getrandbits(k)));
    });
  } else if (name == "randbelow") {
    out = makeBuiltin("Random._randbelow", [c](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, "_randbelow");
      int64_t n = ev.toIndex(a.args[0], "_randbelow");
      if (n <= 0)
        return Value::integer(0);
      return Value::integer(c->randbelow(n));
    });
  } else if (name == "randrange") {
    // CPython's randrange, natively: it is the hot path of randint.
    out = makeBuiltin("Random.randrange", [c](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 3, "randrange");
      auto index = [&](const Value &v, const char *what) -> int64_t {
        if (v.isInt() || v.isBool())
          return v.asInt();
        if (v.isFloat()) {
          double d = v.asFloat();
          if (!(d == std::floor(d)) || !std::isfinite(d))
            raise("ValueError", std::string("non-integer ") + what + " for randrange()");
          return int64_t(d);
        }
        raise("TypeError", "'" + frontend::typeName(v) + "' object cannot be interpreted as an integer");
      };
      int64_t start = index(a.args[0], "arg 1");
      Value stopV = a.args.size() > 1 ? a.args[1] : Value::none();
      Value stepV = a.args.size() > 2 ? a.args[2] : Value::integer(1);
      if (stopV.isNone()) {
        if (!(stepV.isInt() && stepV.asInt() == 1))
          raise("TypeError", "Missing a non-None stop argument");
        if (start > 0)
          return Value::integer(c->randbelow(start));
        raise("ValueError", "empty range for randrange()");
      }
      int64_t stop = index(stopV, "stop");
      __int128 width = __int128(stop) - start;
      int64_t step = index(stepV, "step");
      if (step == 1) {
        if (width > 0) {
          if (width > INT64_MAX)
            raise("OverflowError", "randrange() width exceeds parax's 64-bit ints");
          return Value::integer(start + c->randbelow(int64_t(width)));
        }
        raise("ValueError", "empty range for randrange() (" + std::to_string(start) + ", " +
                                std::to_string(stop) + ", " + std::to_string(int64_t(width)) + ")");
      }
      __int128 n;
      if (step > 0)
        n = (width + step - 1) / step - ((width + step - 1) % step < 0 ? 1 : 0);
      else if (step < 0)
        n = (width + step + 1) / step - ((width + step + 1) % step > 0 ? 1 : 0);
      else
        raise("ValueError", "zero step for randrange()");
      if (n <= 0)
        raise("ValueError", "empty range for randrange()");
      return Value::integer(int64_t(start + __int128(step) * c->randbelow(int64_t(n))));
    });
  } else if (name == "getstate") {
    out = makeBuiltin("Random.getstate", [c](Evaluator &, CallArgs &a) {
      expectPositional(a, 0, 0, "getstate");
      std::vector<Value> words;
      for (uint32_t k : c->mt.key)
        words.push_back(Value::integer(k));
      words.push_back(Value::integer(c->mt.pos));
      return Value::tuple(std::move(words));
    });
  } else if (name == "setstate") {
    out = makeBuiltin("Random.setstate", [c](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, "setstate");
      const Value &st = a.args[0];
      if (!st.isTuple())
        raise("TypeError", "state vector must be a tuple");
      if (st.elements().size() != size_t(rng::MT19937::kN + 1))
        raise("ValueError", "state vector is the wrong size");
      for (int i = 0; i < rng::MT19937::kN; ++i) {
        int64_t w = ev.toIndex(st.elements()[size_t(i)], "state");
        if (w < 0 || w > int64_t(UINT32_MAX))
          raise("OverflowError", "Python int too large to convert to C unsigned long");
        c->mt.key[size_t(i)] = uint32_t(w);
      }
      int64_t pos = ev.toIndex(st.elements()[size_t(rng::MT19937::kN)], "state");
      if (pos < 0 || pos > rng::MT19937::kN)
        raise("ValueError", "invalid state");
      c->mt.pos = int(pos);
      return Value::none();
    });
  } else {
    return false;
  }
  return true;
}
} // namespace

void installPyRandomCore(Evaluator &, ModuleObject &m) {
  m.set("Random", makeType("_random.Random", [](const Value &v) {
          return v.kind() == Value::Kind::Native && v.as<CoreObj>() != nullptr;
        }, [](Evaluator &, CallArgs &) {
          return Value::object(Value::Kind::Native, std::make_shared<CoreObj>());
        }));
}

} // namespace parax::frontend
