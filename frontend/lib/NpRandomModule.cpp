//===- NpRandomModule.cpp - the numpy.random module -----------------------===//
//
// numpy.random: RandomState, default_rng / Generator / PCG64 /
// SeedSequence, and the module-level functions (seed, rand, randn, ...)
// that draw from one global RandomState, as numpy's do.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NpRandom.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/lib/NpRandomModule.h"
#include "frontend/machine/Builtins.h"

#include <cmath>

namespace parax::frontend {

using namespace nprandom;

namespace {
class RandomStateObj : public NativeObject {
public:
  explicit RandomStateObj(std::shared_ptr<LegacyState> st) : st_(std::move(st)) {}
  std::string typeName() const override { return "RandomState"; }
  std::string repr() const override { return "RandomState(MT19937)"; }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    out = randomStateMethod(name, st_);
    return !out.isNone();
  }
  std::vector<std::string> attrNames() const override { return randomStateMethodNames(); }

private:
  std::shared_ptr<LegacyState> st_;
};

class SeedSequenceObj : public NativeObject {
public:
  explicit SeedSequenceObj(std::shared_ptr<rng::SeedSequence> seq) : seq_(std::move(seq)) {}
  std::string typeName() const override { return "SeedSequence"; }
  std::string repr() const override { return "SeedSequence(entropy=...)"; }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    auto seq = seq_;
    if (name == "generate_state") {
      out = makeBuiltin("SeedSequence.generate_state", [seq](Evaluator &ev, CallArgs &a) {
        bindArgs(a, {"n_words", "dtype"}, 1, "generate_state");
        int64_t n = ev.toIndex(a.args[0], "n_words");
        if (n < 0)
          raise("ValueError", "negative dimensions are not allowed");
        std::string dt = dtypeArgName(ev, argOr(a, 1, "dtype", Value::none()), "uint32");
        std::vector<int64_t> words;
        if (dt == "uint32") {
          for (uint32_t w : seq->generateState32(size_t(n)))
            words.push_back(w);
        } else if (dt == "uint64") {
          for (uint64_t w : seq->generateState64(size_t(n))) {
            if (w > uint64_t(INT64_MAX))
              raise("OverflowError", "a uint64 word above 2**63 - 1 does not fit parax's ints",
                    "ask for dtype=np.uint32 words");
            words.push_back(int64_t(w));
          }
        } else {
          raise("ValueError", "only support uint32 or uint64");
        }
        return intResult(Shape{n}, words, dt == "uint32" ? "uint32" : "int64");
      });
      return true;
    }
    if (name == "entropy") {
      // The entropy as the int it came from (words least significant first).
      const auto &w = seq->entropy();
      if (w.size() > 2 || (w.size() == 2 && (w[1] >> 31)))
        raise("OverflowError", "the entropy does not fit parax's 64-bit ints");
      uint64_t v = 0;
      for (size_t i = w.size(); i-- > 0;)
        v = (v << 32) | w[i];
      out = Value::integer(int64_t(v));
      return true;
    }
    if (name == "spawn") {
      out = makeBuiltin("SeedSequence.spawn", [seq](Evaluator &ev, CallArgs &a) {
        bindArgs(a, {"n_children"}, 1, "spawn");
        int64_t n = ev.toIndex(a.args[0], "n_children");
        std::vector<Value> kids;
        for (int64_t i = 0; i < n; ++i)
          kids.push_back(Value::object(
              Value::Kind::Native,
              std::make_shared<SeedSequenceObj>(
                  std::make_shared<rng::SeedSequence>(seq->spawnChild()))));
        return Value::list(std::move(kids));
      });
      return true;
    }
    if (name == "spawn_key") {
      std::vector<Value> key;
      for (uint32_t w : seq->spawnKey())
        key.push_back(Value::integer(w));
      out = Value::tuple(std::move(key));
      return true;
    }
    if (name == "n_children_spawned") {
      out = Value::integer(seq->childrenSpawned());
      return true;
    }
    if (name == "pool_size") {
      out = Value::integer(rng::SeedSequence::kPoolSize);
      return true;
    }
    if (name == "pool") {
      std::vector<int64_t> p(seq->pool().begin(), seq->pool().end());
      out = intResult(Shape{int64_t(p.size())}, p, "uint32");
      return true;
    }
    return false;
  }
  std::vector<std::string> attrNames() const override {
    return {"generate_state", "entropy", "pool", "pool_size", "spawn", "spawn_key",
            "n_children_spawned"};
  }
  const std::shared_ptr<rng::SeedSequence> &seq() const { return seq_; }

private:
  std::shared_ptr<rng::SeedSequence> seq_;
};

class PCG64Obj : public NativeObject {
public:
  explicit PCG64Obj(std::shared_ptr<GeneratorState> st) : st_(std::move(st)) {}
  std::string typeName() const override { return "PCG64"; }
  std::string repr() const override { return "<numpy.random._pcg64.PCG64 object>"; }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    if (name == "seed_seq" || name == "_seed_seq") {
      out = Value::object(Value::Kind::Native, std::make_shared<SeedSequenceObj>(st_->seedSeq));
      return true;
    }
    auto st = st_;
    if (name == "random_raw") {
      out = makeBuiltin("PCG64.random_raw", [st](Evaluator &ev, CallArgs &a) {
        bindArgs(a, {"size"}, 0, "random_raw");
        std::optional<Shape> size = sizeArg(ev, argOr(a, 0, "size", Value::none()));
        std::vector<int64_t> v;
        for (int64_t i = 0, n = size ? numElements(*size) : 1; i < n; ++i) {
          uint64_t w = st->pcg.next64();
          if (w > uint64_t(INT64_MAX))
            raise("OverflowError", "a raw 64-bit draw above 2**63 - 1 does not fit parax's ints");
          v.push_back(int64_t(w));
        }
        return intResult(size, v);
      });
      return true;
    }
    return false;
  }
  std::vector<std::string> attrNames() const override { return {"seed_seq", "random_raw"}; }
  const std::shared_ptr<GeneratorState> &state() const { return st_; }

private:
  std::shared_ptr<GeneratorState> st_;
};

class NpGeneratorObj : public NativeObject {
public:
  NpGeneratorObj(std::shared_ptr<GeneratorState> st, Value bitGen)
      : st_(std::move(st)), bitGen_(std::move(bitGen)) {}
  std::string typeName() const override { return "Generator"; }
  std::string repr() const override { return "Generator(PCG64)"; }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override {
    std::vector<std::string> names = generatorMethodNames();
    names.push_back("spawn");
    return names;
  }

private:
  std::shared_ptr<GeneratorState> st_;
  Value bitGen_;
};

Value wrapObj(std::shared_ptr<NativeObject> o) { return Value::object(Value::Kind::Native, o); }

template <typename T> Value typeOf(const std::string &name, BuiltinFunction::Impl ctor) {
  return makeType(name, [](const Value &v) {
    return v.kind() == Value::Kind::Native && v.as<T>() != nullptr;
  }, std::move(ctor));
}

std::shared_ptr<GeneratorState> pcgFromSeq(std::shared_ptr<rng::SeedSequence> seq) {
  auto st = std::make_shared<GeneratorState>();
  std::vector<uint64_t> w = seq->generateState64(4);
  st->pcg.seed(w.data());
  st->seedSeq = std::move(seq);
  return st;
}

Value makePCG64(Evaluator &ev, const Value &seed) {
  std::shared_ptr<rng::SeedSequence> seq;
  if (auto *ss = seed.kind() == Value::Kind::Native ? seed.as<SeedSequenceObj>() : nullptr)
    seq = ss->seq();
  else
    seq = seedSequenceFrom(ev, seed);
  return wrapObj(std::make_shared<PCG64Obj>(pcgFromSeq(std::move(seq))));
}

Value makeGenerator(const Value &bitGen) {
  auto *pcg = bitGen.as<PCG64Obj>();
  return wrapObj(std::make_shared<NpGeneratorObj>(pcg->state(), bitGen));
}

bool NpGeneratorObj::getAttr(Evaluator &, const std::string &name, Value &out) {
  if (name == "spawn") {
    // Generators on PCG64s seeded by the children of this one's SeedSequence.
    auto st = st_;
    out = makeBuiltin("Generator.spawn", [st](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"n_children"}, 1, "spawn");
      int64_t n = ev.toIndex(a.args[0], "n_children");
      std::vector<Value> kids;
      for (int64_t i = 0; i < n; ++i) {
        auto child = std::make_shared<rng::SeedSequence>(st->seedSeq->spawnChild());
        kids.push_back(makeGenerator(wrapObj(std::make_shared<PCG64Obj>(pcgFromSeq(child)))));
      }
      return Value::list(std::move(kids));
    });
    return true;
  }
  out = generatorMethod(name, st_, bitGen_);
  return !out.isNone();
}
} // namespace

namespace nprandom {
std::shared_ptr<rng::SeedSequence> seedSequenceFrom(Evaluator &ev, const Value &seed) {
  if (seed.isNone())
    return std::make_shared<rng::SeedSequence>(clockEntropy());
  std::vector<uint32_t> words;
  std::function<void(const Value &)> add = [&](const Value &v) {
    std::optional<int64_t> asInt = v.isFloat() ? std::nullopt : integerScalar(ev, v);
    if (asInt) {
      if (*asInt < 0)
        raise("ValueError", "expected non-negative integer");
      auto w = rng::wordsOf(uint64_t(*asInt));
      words.insert(words.end(), w.begin(), w.end());
    } else if (v.isSequence()) {
      for (const Value &x : v.elements())
        add(x);
    } else if (v.isArray()) {
      const Array &a = v.asArray();
      if (isFloat(a.dtype()))
        raise("TypeError", "SeedSequence expects int or sequence of ints for entropy not " +
                               ev.repr(v));
      for (int64_t i = 0; i < a.size(); ++i) {
        if (a.getInt(i) < 0)
          raise("ValueError", "expected non-negative integer");
        auto w = rng::wordsOf(uint64_t(a.getInt(i)));
        words.insert(words.end(), w.begin(), w.end());
      }
    } else {
      if (!v.isFloat() && !v.isStr() && !v.isNone() && !v.isDict()) {
        // Another array type: its elements.
        Value tolist;
        try {
          tolist = ev.getAttr(v, "tolist", ev.currentLoc());
        } catch (const ParaxError &) {
        }
        if (!tolist.isNone()) {
          add(ev.call(tolist, std::vector<Value>{}));
          return;
        }
      }
      raise("TypeError", "SeedSequence expects int or sequence of ints for entropy not " +
                             ev.repr(v),
            "seed with an int >= 0 or a list of them");
    }
  };
  add(seed);
  return std::make_shared<rng::SeedSequence>(std::move(words));
}
} // namespace nprandom

void installNumpyRandomModule(Evaluator &ev, ModuleObject &m) {
  (void)ev;
  auto global = std::make_shared<LegacyState>();
  legacySeed(ev, *global, Value::none());

  m.set("RandomState", typeOf<RandomStateObj>("RandomState", [](Evaluator &ev, CallArgs &a) {
          bindArgs(a, {"seed"}, 0, "RandomState");
          auto st = std::make_shared<LegacyState>();
          legacySeed(ev, *st, argOr(a, 0, "seed", Value::none()));
          return wrapObj(std::make_shared<RandomStateObj>(st));
        }));
  m.set("SeedSequence", typeOf<SeedSequenceObj>("SeedSequence", [](Evaluator &ev, CallArgs &a) {
          bindArgs(a, {"entropy", "spawn_key", "pool_size"}, 0, "SeedSequence");
          std::shared_ptr<rng::SeedSequence> seq =
              seedSequenceFrom(ev, argOr(a, 0, "entropy", Value::none()));
          Value spawn = argOr(a, 1, "spawn_key", Value::tuple({}));
          if (!spawn.isSequence() || !spawn.elements().empty()) {
            std::shared_ptr<rng::SeedSequence> keys = seedSequenceFrom(ev, spawn);
            seq = std::make_shared<rng::SeedSequence>(seq->entropy(), keys->entropy());
          }
          Value pool = argOr(a, 2, "pool_size", Value::integer(4));
          if (!(pool.isInt() && pool.asInt() == 4))
            raise("NotImplementedError", "SeedSequence(pool_size=...) other than 4 is not part "
                                         "of parax", "leave pool_size at its default");
          return wrapObj(std::make_shared<SeedSequenceObj>(seq));
        }));
  m.set("PCG64", typeOf<PCG64Obj>("PCG64", [](Evaluator &ev, CallArgs &a) {
          bindArgs(a, {"seed"}, 0, "PCG64");
          return makePCG64(ev, argOr(a, 0, "seed", Value::none()));
        }));
  m.set("Generator", typeOf<NpGeneratorObj>("Generator", [](Evaluator &, CallArgs &a) {
          bindArgs(a, {"bit_generator"}, 1, "Generator");
          if (a.args[0].kind() != Value::Kind::Native || !a.args[0].as<PCG64Obj>())
            raise("TypeError", "Generator takes a bit generator; parax provides PCG64",
                  "np.random.Generator(np.random.PCG64(seed)) or np.random.default_rng(seed)");
          return makeGenerator(a.args[0]);
        }));
  m.def("default_rng", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"seed"}, 0, "default_rng");
    Value seed = argOr(a, 0, "seed", Value::none());
    if (seed.kind() == Value::Kind::Native) {
      if (seed.as<NpGeneratorObj>())
        return seed; // numpy returns the same Generator
      if (seed.as<PCG64Obj>())
        return makeGenerator(seed);
    }
    return makeGenerator(makePCG64(ev, seed));
  });
  // The module-level functions share one RandomState.
  for (const std::string &name : randomStateMethodNames())
    if (Value f = randomStateMethod(name, global); !f.isNone())
      m.set(name, f);
}

} // namespace parax::frontend
