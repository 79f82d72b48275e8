//===- RandomBits.cpp - jax.random keys, threefry bits, sort network ------===//
//
// The key-level half of jax.random (the samplers are in Random.cpp): seeding,
// split, fold_in and the raw bit stream, written exactly as JAX 0.10.2's
// threefry2x32 PRNG with `jax_threefry_partitionable` on (its default):
//
// - A key is uint32[2] = (k0, k1); PRNGKey(seed) is (0, uint32(seed)) since
//   with x64 off the seed is at most 32 bits wide (JAX shifts a 32-bit seed
//   right by 32, which XLA defines as 0).
// - Bits for an output of shape S hash the 64-bit flat index of each element,
//   split into counters (hi, lo) = (0, i), with the key: (b0, b1) =
//   threefry2x32(k0, k1, hi, lo). 32-bit draws are b0 ^ b1; 8/16-bit draws
//   truncate that word. split(key, S) returns stack([b0, b1], -1) for the
//   same counters, and fold_in(key, d) is the split row at index d.
//
// lax.sort_key_val (used by permutation and choice) has no IR op; it is a
// bitonic sorting network over (key, position) pairs built from slices and
// selects. Pairs are distinct, so the network's result is the stable sort
// that XLA's sort gives.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/sharding/Blockwise.h"

#include <limits>

namespace parax::frontend::random {

using ir::OpKind;

/// Elementwise op with numpy broadcasting between operands of one dtype
/// (comparisons return bool).
Value bin(Evaluator &ev, OpKind k, Value a, Value b) {
  Shape s = jnp::broadcastShapes({prims::shapeOf(a), prims::shapeOf(b)});
  if (prims::shapeOf(a) != s)
    a = prims::broadcastTo(ev, a, s);
  if (prims::shapeOf(b) != s)
    b = prims::broadcastTo(ev, b, s);
  return ir::isComparison(k) ? prims::compare(ev, k, a, b)
                             : prims::binary(ev, k, a, b);
}

Value constInt(DType dt, int64_t v) {
  return Value::array(Array::scalarInt(dt, v));
}

namespace {
std::string shapeStr(const Shape &s) { return shapeToPython(s); }

/// (k0, k1) of a single uint32[2] key, as rank-0 values.
std::pair<Value, Value> keyWords(Evaluator &ev, const Value &key) {
  auto word = [&](int64_t i) {
    return prims::reshape(ev, prims::slice(ev, key, {i}, {i + 1}, {1}), {});
  };
  return {word(0), word(1)};
}

/// The threefry hash of the counters (0, i) for i the flat index of `shape`.
std::pair<Value, Value> hashIota(Evaluator &ev, const Value &key,
                                 const Shape &shape, bool draw = false) {
  auto [k0, k1] = keyWords(ev, key);
  Value hi = prims::full(ev, shape, Value::integer(0), DType::U32);
  Value lo = hi;
  // A sharded draw makes one device block at a time: its counters are the
  // global flat indices of the block's elements.
  const sharding::RandomWindow *w = draw ? sharding::randomWindow() : nullptr;
  if (w && w->block != shape)
    sharding::noteWindowMismatch();
  if (w && w->block == shape)
    lo = sharding::windowCounters(ev, *w, hi);
  else if (!shape.empty())
    lo = prims::reshape(
        ev, prims::iota(ev, DType::U32, {numElements(shape)}, 0), shape);
  if (!shape.empty()) {
    k0 = prims::broadcastTo(ev, k0, shape);
    k1 = prims::broadcastTo(ev, k1, shape);
  }
  return prims::threefry2x32(ev, k0, k1, hi, lo);
}
} // namespace

/// _check_prng_key: `key` must be uint32[..., 2], and a single key unless
/// `allowBatched`. Returns it as an array value.
/// The class of typed key arrays, defined by jax.random's Python half.
static ClassObj *typedKeyClass(Evaluator &ev) {
  Value m = ev.importModule("jax.random", ev.currentLoc());
  return ev.getAttr(m, "PRNGKeyArray", ev.currentLoc()).as<ClassObj>();
}

bool isTypedKey(Evaluator &ev, const Value &v) {
  ClassObj *c = classOfInstance(v);
  return c && c->name() == "PRNGKeyArray" && c == typedKeyClass(ev);
}

Value typedKeyData(Evaluator &ev, const Value &key) {
  return ev.getAttr(key, "_base", ev.currentLoc());
}

Value makeTypedKey(Evaluator &ev, const Value &data) {
  return ev.call(Value::object(Value::Kind::Native, typedKeyClass(ev)->shared_from_this()),
                 {data}, ev.currentLoc());
}

Value checkKey(Evaluator &ev, const Value &keyIn, const std::string &fn,
               bool allowBatched) {
  // A typed key (jax.random.key) stands for its uint32[..., 2] key data.
  bool typed = isTypedKey(ev, keyIn);
  Value key = typed ? typedKeyData(ev, keyIn) : keyIn;
  const std::string bad = "JAX encountered invalid PRNG key data: ";
  if (key.isNumber() || key.isStr())
    raise("TypeError", bad +
                           "expected key_data to have ndim, shape, and "
                           "dtype attributes. Got " +
                           ev.str(key));
  if (!key.isArrayValue())
    raise("TypeError",
          "unexpected PRNG key type <class '" + typeName(key) + "'>");
  TensorType t = prims::typeOf(key);
  if (t.dtype != DType::U32)
    raise("TypeError",
          bad + "expected key_data.dtype = uint32; got dtype=" +
              std::string(dtypeName(t.dtype)),
          "keys are made by jax.random.PRNGKey/key/split");
  if (t.rank() == 0 || t.shape.back() != 2)
    raise("TypeError", bad +
                           "expected key_data.shape to end with (2,); got "
                           "shape=" +
                           shapeStr(t.shape) + " for impl=threefry2x32");
  if (!allowBatched && t.rank() > 1)
    raise("ValueError",
          fn +
              " accepts a single key, but was given a key "
              "array of shape " +
              shapeStr(typed ? Shape(t.shape.begin(), t.shape.end() - 1) : t.shape) +
              " != (). Use jax.vmap for batching.",
          "index the key array (keys[i]) or loop over it");
  return key;
}

/// random_seed for the threefry PRNG: PRNGKey(seed) and key(seed).
Value seedKey(Evaluator &ev, const Value &seed, const std::string &fn) {
  if (seed.isBool() || seed.isInt()) {
    Array k = Array::allocate(DType::U32, {2});
    // With x64 the seed is 64 bits wide: its high word is the first key
    // word (JAX's shift_right_logical(seed, 32)); without, it is 0.
    k.data<uint32_t>()[0] =
        x64Enabled() ? uint32_t(uint64_t(seed.asInt()) >> 32) : 0;
    k.data<uint32_t>()[1] = uint32_t(uint64_t(seed.asInt()));
    return Value::array(k);
  }
  if (seed.isArrayValue() && prims::typeOf(seed).rank() > 0)
    raise("TypeError", fn +
                           " accepts a scalar seed, but was given an array "
                           "of shape " +
                           shapeStr(prims::shapeOf(seed)) +
                           " != (). Use jax.vmap for batching");
  if (!seed.isArrayLike())
    raise("TypeError", "Value " + ev.repr(seed) + " with type " +
                           typeName(seed) + " is not a valid JAX type");
  TensorType t = prims::typeOf(seed);
  if (!isInteger(t.dtype))
    raise("TypeError", "PRNG key seed must be an integer; got JitTracer(" +
                           t.str(true) + ")");
  Value lo = prims::reshape(ev, prims::convert(ev, seed, DType::U32), {1});
  Value hi = prims::full(ev, {1}, Value::integer(0), DType::U32);
  if (dtypeSize(t.dtype) == 8) {
    DType ut = DType::U64;
    Value s = prims::convert(ev, seed, ut);
    Value sh = prims::binary(ev, OpKind::ShiftRightLogical, s,
                             prims::full(ev, {}, Value::integer(32), ut));
    hi = prims::reshape(ev, prims::convert(ev, sh, DType::U32), {1});
  }
  return prims::concatenate(ev, {hi, lo}, 0);
}

/// split(key, shape): keys of shape shape + (2,).
Value splitKey(Evaluator &ev, const Value &key, const Shape &shape) {
  auto [b0, b1] = hashIota(ev, key, shape);
  Shape s1 = shape;
  s1.push_back(1);
  return prims::concatenate(
      ev, {prims::reshape(ev, b0, s1), prims::reshape(ev, b1, s1)},
      int64_t(shape.size()));
}

/// Row `i` of a uint32[n, 2] key array.
Value keyRow(Evaluator &ev, const Value &keys, int64_t i) {
  return prims::reshape(ev, prims::slice(ev, keys, {i, 0}, {i + 1, 2}, {1, 1}),
                        {2});
}

/// fold_in(key, data): threefry_2x32(key, [0, data]) for uint32 `data`.
Value foldIn(Evaluator &ev, const Value &key, const Value &data) {
  auto [k0, k1] = keyWords(ev, key);
  auto [b0, b1] = prims::threefry2x32(
      ev, k0, k1, prims::full(ev, {}, Value::integer(0), DType::U32), data);
  return prims::concatenate(
      ev, {prims::reshape(ev, b0, {1}), prims::reshape(ev, b1, {1})}, 0);
}

/// _random_bits: unsigned draws of `width` (8, 16, 32 or 64) bits; 64-bit
/// draws are (b0 << 32) | b1, as JAX's partitionable threefry.
Value randomBits(Evaluator &ev, const Value &key, int width,
                 const Shape &shape) {
  auto [b0, b1] = hashIota(ev, key, shape, /*draw=*/true);
  if (width == 64) {
    Value hi = prims::convert(ev, b0, DType::U64), lo = prims::convert(ev, b1, DType::U64);
    return prims::binary(ev, OpKind::Or,
                         prims::binary(ev, OpKind::ShiftLeft, hi,
                                       prims::full(ev, shape, Value::integer(32), DType::U64)),
                         lo);
  }
  Value bits = prims::binary(ev, OpKind::Xor, b0, b1);
  if (width == 8)
    return prims::convert(ev, bits, DType::U8);
  if (width == 16)
    return prims::convert(ev, bits, DType::U16);
  return bits;
}

namespace {
Value f32c(double v) { return Value::array(Array::scalar(DType::F32, v)); }

/// Veltkamp split of x into 12 + 11 significant bits (x * 2^-20 first, so
/// the 4097 multiply cannot overflow).
std::pair<Value, Value> veltkamp(Evaluator &ev, const Value &x) {
  Value s = bin(ev, OpKind::Mul, x, f32c(0x1p-20));
  Value c = bin(ev, OpKind::Mul, f32c(4097), s);
  Value h = bin(ev, OpKind::Sub, c, bin(ev, OpKind::Sub, c, s));
  Value l = bin(ev, OpKind::Sub, s, h);
  return {bin(ev, OpKind::Mul, h, f32c(0x1p20)),
          bin(ev, OpKind::Mul, l, f32c(0x1p20))};
}

/// Knuth's TwoSum: a + b = s + e exactly.
std::pair<Value, Value> twoSum(Evaluator &ev, const Value &a, const Value &b) {
  Value s = bin(ev, OpKind::Add, a, b);
  Value bb = bin(ev, OpKind::Sub, s, a);
  Value e =
      bin(ev, OpKind::Add, bin(ev, OpKind::Sub, a, bin(ev, OpKind::Sub, s, bb)),
          bin(ev, OpKind::Sub, b, bb));
  return {s, e};
}
} // namespace

/// fma(a, b, c) for float32 with one rounding, from float32 ops (which the
/// kernels evaluate without contraction). XLA's CPU compiler contracts the
/// `u * (maxval - minval) + minval` of uniform into an FMA, so the sampler
/// needs it to be bit-exact. Boldo & Melquiond's emulation: Dekker's exact
/// product uh + ul = a * b, TwoSum th + tl = c + uh, v = tl + ul rounded
/// to odd, result th + v. Checked against XLA's fused result on 12M triples.
/// Non-finite results fall back to a * b + c.
Value fmaF32(Evaluator &ev, const Value &a, const Value &b, const Value &c) {
  Value p = bin(ev, OpKind::Mul, a, b);
  auto [ah, al] = veltkamp(ev, a);
  auto [bh, bl] = veltkamp(ev, b);
  Value e = bin(ev, OpKind::Sub, bin(ev, OpKind::Mul, ah, bh), p);
  e = bin(ev, OpKind::Add, e, bin(ev, OpKind::Mul, ah, bl));
  e = bin(ev, OpKind::Add, e, bin(ev, OpKind::Mul, al, bh));
  e = bin(ev, OpKind::Add, e, bin(ev, OpKind::Mul, al, bl));
  auto [th, tl] = twoSum(ev, c, p);
  auto [s, err] = twoSum(ev, tl, e);
  // Round to odd: an inexact s with an even last bit moves one ulp towards
  // the exact value.
  Value bits = prims::bitcastConvert(ev, s, DType::U32);
  Value zero = f32c(0);
  Value even =
      bin(ev, OpKind::Eq, bin(ev, OpKind::And, bits, constInt(DType::U32, 1)),
          constInt(DType::U32, 0));
  Value fix = bin(ev, OpKind::And, even, bin(ev, OpKind::Ne, err, zero));
  Value outward = bin(ev, OpKind::Eq, bin(ev, OpKind::Gt, err, zero),
                      bin(ev, OpKind::Gt, s, zero));
  Value moved = prims::select(
      ev, outward, bin(ev, OpKind::Add, bits, constInt(DType::U32, 1)),
      bin(ev, OpKind::Sub, bits, constInt(DType::U32, 1)));
  Value v = prims::bitcastConvert(ev, prims::select(ev, fix, moved, bits),
                                  DType::F32);
  Value z = bin(ev, OpKind::Add, th, v);
  Value naive = bin(ev, OpKind::Add, p, c);
  return prims::select(ev, prims::unary(ev, OpKind::IsFinite, z), z, naive);
}

/// lax.nextafter(x, +-inf) by stepping the bit pattern.
Value nextToward(Evaluator &ev, const Value &x, bool up) {
  DType dt = prims::dtypeOf(x);
  DType ut = dt == DType::F64 ? DType::U64 : dt == DType::F32 ? DType::U32 : DType::U16;
  int64_t sign = dt == DType::F64   ? std::numeric_limits<int64_t>::min()
                 : dt == DType::F32 ? 0x80000000ll
                                    : 0x8000;
  Value bits = prims::bitcastConvert(ev, x, ut);
  Value zero = Value::array(Array::scalar(dt, 0.0));
  Value away = bin(ev, OpKind::Add, bits, constInt(ut, 1));
  Value toward = bin(ev, OpKind::Sub, bits, constInt(ut, 1));
  Value neg = bin(ev, OpKind::Lt, x, zero);
  // Moving up shrinks negatives and grows positives; down the opposite.
  Value step = prims::select(ev, neg, up ? toward : away, up ? away : toward);
  // The smallest denormal of either sign (uint64's sign bit is negative as
  // an int64, so the constant is made from its bit pattern).
  Value tiny =
      prims::broadcastTo(ev, constInt(ut, up ? 1 : int64_t(uint64_t(sign) + 1)), prims::shapeOf(x));
  step = prims::select(ev, bin(ev, OpKind::Eq, x, zero), tiny, step);
  Value r = prims::bitcastConvert(ev, step, dt);
  double inf = std::numeric_limits<double>::infinity();
  Value keep = bin(
      ev, OpKind::Or, bin(ev, OpKind::Ne, x, x),
      bin(ev, OpKind::Eq, x, Value::array(Array::scalar(dt, up ? inf : -inf))));
  return prims::select(ev, keep, x, r);
}

/// lax.sort_key_val(keys, vals, axis) (stable, ascending); returns the
/// permuted `vals`. Each row along `axis` is padded to a power of two P with
/// maximal keys (their positions sort them last) and run through the
/// log2(P)(log2(P)+1)/2 compare-exchange stages of a bitonic network.
Value sortKeyVal(Evaluator &ev, Value keys, Value vals, int64_t axis) {
  Shape shape = prims::shapeOf(keys);
  int64_t rank = int64_t(shape.size());
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      perm.push_back(d);
  perm.push_back(axis);
  bool moved = axis != rank - 1;
  if (moved) {
    keys = prims::transpose(ev, keys, perm);
    vals = prims::transpose(ev, vals, perm);
  }
  Shape movedShape = prims::shapeOf(keys);
  int64_t n = movedShape.back(),
          b = numElements(movedShape) / std::max<int64_t>(n, 1);
  int64_t p = 1;
  while (p < n)
    p *= 2;
  if (n <= 1)
    return moved ? prims::transpose(ev, vals, perm) : vals;
  keys = prims::reshape(ev, keys, {b, n});
  vals = prims::reshape(ev, vals, {b, n});
  DType kt = prims::dtypeOf(keys), vt = prims::dtypeOf(vals);
  if (p > n) {
    Value maxKey =
        isFloat(kt)        ? Value::array(Array::scalar(
                                 kt, std::numeric_limits<double>::infinity()))
        : kt == DType::U32 ? constInt(kt, 0xFFFFFFFFll)
                           : constInt(kt, std::numeric_limits<int32_t>::max());
    keys = prims::pad(ev, keys, maxKey, {0, 0}, {0, p - n});
    vals = prims::pad(ev, vals, prims::full(ev, {}, Value::integer(0), vt),
                      {0, 0}, {0, p - n});
  }
  Value pos = prims::iota(ev, DType::I32, {b, p}, 1);
  for (int64_t k = 2; k <= p; k *= 2) {
    for (int64_t j = k / 2; j > 0; j /= 2) {
      int64_t g = p / (2 * j);
      Shape s4{b, g, 2, j}, half{b, g, 1, j};
      auto halves = [&](const Value &x) {
        Value x4 = prims::reshape(ev, x, s4);
        return std::pair<Value, Value>{
            prims::slice(ev, x4, {0, 0, 0, 0}, half, {1, 1, 1, 1}),
            prims::slice(ev, x4, {0, 0, 1, 0}, {b, g, 2, j}, {1, 1, 1, 1})};
      };
      auto [ka, kb] = halves(keys);
      auto [pa, pb] = halves(pos);
      // a > b in (key, position) order; positions never tie.
      Value swap = prims::binary(
          ev, OpKind::Or, prims::compare(ev, OpKind::Gt, ka, kb),
          prims::binary(ev, OpKind::And, prims::compare(ev, OpKind::Eq, ka, kb),
                        prims::compare(ev, OpKind::Gt, pa, pb)));
      if (k < p) {
        // Blocks whose bit k is set sort descending.
        Array desc = Array::allocate(DType::Bool, {g});
        for (int64_t i = 0; i < g; ++i)
          desc.data<bool>()[i] = ((i * 2 * j) & k) != 0;
        swap = prims::binary(
            ev, OpKind::Xor, swap,
            prims::broadcastInDim(ev, Value::array(desc), half, {1}));
      }
      auto exchange = [&](Value &x, const Value &xa, const Value &xb) {
        x = prims::reshape(ev,
                           prims::concatenate(ev,
                                              {prims::select(ev, swap, xb, xa),
                                               prims::select(ev, swap, xa, xb)},
                                              2),
                           {b, p});
      };
      auto [va, vb] = halves(vals);
      exchange(keys, ka, kb);
      exchange(pos, pa, pb);
      exchange(vals, va, vb);
    }
  }
  if (p > n)
    vals = prims::slice(ev, vals, {0, 0}, {b, n}, {1, 1});
  vals = prims::reshape(ev, vals, movedShape);
  if (!moved)
    return vals;
  std::vector<int64_t> inv(static_cast<size_t>(rank));
  for (int64_t d = 0; d < rank; ++d)
    inv[size_t(perm[size_t(d)])] = d;
  return prims::transpose(ev, vals, inv);
}

} // namespace parax::frontend::random
