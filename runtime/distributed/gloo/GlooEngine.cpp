//===- GlooEngine.cpp - collectives between processes over Gloo -----------===//
//
// libparax_engine_gloo.so: Debian's libgloo (TCP transport), rendezvous
// through parax's coordinator (its key-value store stands in for Gloo's
// Store), every call bounded by EngineConfig::timeoutSeconds. The default
// engine of coordinator-launched jobs.
//
//===----------------------------------------------------------------------===//
#include "runtime/distributed/CollectiveEngine.h"

#include <gloo/allgather.h>
#include <gloo/common/error.h>
#include <gloo/allreduce.h>
#include <gloo/alltoall.h>
#include <gloo/barrier.h>
#include <gloo/broadcast.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/prefix_store.h>
#include <gloo/rendezvous/store.h>
#include <gloo/transport/tcp/device.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <mutex>

using namespace parax::runtime::dist;

namespace {

/// Gloo's Store on parax's coordinator.
class KvStoreAdapter : public gloo::rendezvous::Store {
public:
  KvStoreAdapter(KeyValueStore *kv, double timeout) : kv_(kv), timeout_(timeout) {}
  void set(const std::string &key, const std::vector<char> &data) override {
    kv_->set(key, std::string(data.begin(), data.end()));
  }
  std::vector<char> get(const std::string &key) override {
    std::string v = kv_->get(key, timeout_);
    return std::vector<char>(v.begin(), v.end());
  }
  void wait(const std::vector<std::string> &keys) override {
    for (const auto &k : keys)
      kv_->get(k, timeout_);
  }
  void wait(const std::vector<std::string> &keys, const std::chrono::milliseconds &t) override {
    for (const auto &k : keys)
      kv_->get(k, double(t.count()) / 1000.0);
  }

private:
  KeyValueStore *kv_;
  double timeout_;
};

float halfToFloat(uint16_t h) {
  uint32_t s = uint32_t(h >> 15) << 31, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  uint32_t bits;
  if (e == 0) {
    if (m == 0) {
      bits = s;
    } else { // subnormal
      float f = std::ldexp(float(m), -24);
      return s ? -f : f;
    }
  } else if (e == 31) {
    bits = s | 0x7f800000u | (m << 13);
  } else {
    bits = s | ((e + 112) << 23) | (m << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToHalf(float f) { // round to nearest even
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t s = (x >> 16) & 0x8000;
  int32_t e = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t m = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return uint16_t(s | 0x7c00 | (m ? 0x200 : 0));
  if (e >= 31)
    return uint16_t(s | 0x7c00);
  if (e <= 0) {
    if (e < -10)
      return uint16_t(s);
    m |= 0x800000;
    uint32_t shift = uint32_t(14 - e);
    uint32_t r = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (r & 1)))
      ++r;
    return uint16_t(s | r);
  }
  uint32_t r = (uint32_t(e) << 10) | (m >> 13), rem = m & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (r & 1)))
    ++r;
  return uint16_t(s | r);
}

float bf16ToFloat(uint16_t h) {
  uint32_t bits = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return uint16_t((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return uint16_t(x >> 16);
}

template <typename T> T combine(T a, T b, ReduceOp op) {
  switch (op) {
  case ReduceOp::Sum:
    return T(a + b);
  case ReduceOp::Prod:
    return T(a * b);
  case ReduceOp::Max:
    return a != a ? a : (b != b ? b : (a > b ? a : b)); // NaN wins, as XLA's max
  case ReduceOp::Min:
    return a != a ? a : (b != b ? b : (a < b ? a : b));
  }
  return a;
}

template <typename T> void reduceInto(void *c, const void *a, const void *b, size_t n, ReduceOp op) {
  T *o = static_cast<T *>(c);
  const T *x = static_cast<const T *>(a), *y = static_cast<const T *>(b);
  for (size_t i = 0; i < n; ++i)
    o[i] = combine(x[i], y[i], op);
}

template <float (*Load)(uint16_t), uint16_t (*Store)(float)>
void reduceHalfInto(void *c, const void *a, const void *b, size_t n, ReduceOp op) {
  uint16_t *o = static_cast<uint16_t *>(c);
  const uint16_t *x = static_cast<const uint16_t *>(a), *y = static_cast<const uint16_t *>(b);
  for (size_t i = 0; i < n; ++i)
    o[i] = Store(combine(Load(x[i]), Load(y[i]), op));
}

void reduceAny(ElemType t, void *c, const void *a, const void *b, size_t n, ReduceOp op) {
  switch (t) {
  case ElemType::F32: return reduceInto<float>(c, a, b, n, op);
  case ElemType::F64: return reduceInto<double>(c, a, b, n, op);
  case ElemType::F16: return reduceHalfInto<halfToFloat, floatToHalf>(c, a, b, n, op);
  case ElemType::BF16: return reduceHalfInto<bf16ToFloat, floatToBf16>(c, a, b, n, op);
  case ElemType::I8: return reduceInto<int8_t>(c, a, b, n, op);
  case ElemType::I16: return reduceInto<int16_t>(c, a, b, n, op);
  case ElemType::I32: return reduceInto<int32_t>(c, a, b, n, op);
  case ElemType::I64: return reduceInto<int64_t>(c, a, b, n, op);
  case ElemType::U8: return reduceInto<uint8_t>(c, a, b, n, op);
  case ElemType::U16: return reduceInto<uint16_t>(c, a, b, n, op);
  case ElemType::U32: return reduceInto<uint32_t>(c, a, b, n, op);
  case ElemType::U64: return reduceInto<uint64_t>(c, a, b, n, op);
  }
}

class GlooEngine : public CollectiveEngine {
public:
  explicit GlooEngine(const EngineConfig &c)
      : rank_(c.rank), size_(c.size), timeout_(std::chrono::milliseconds(int64_t(c.timeoutSeconds * 1000))),
        timeoutSeconds_(c.timeoutSeconds) {
    if (!c.store)
      throw EngineError("the gloo engine needs the coordinator's key-value store");
    gloo::transport::tcp::attr attr;
    attr.hostname = c.hostAddress;
    device_ = gloo::transport::tcp::CreateDevice(attr);
    auto base = std::make_shared<KvStoreAdapter>(c.store, c.timeoutSeconds);
    gloo::rendezvous::PrefixStore store("gloo", *base);
    auto ctx = std::make_shared<gloo::rendezvous::Context>(rank_, size_);
    ctx->setTimeout(timeout_);
    ctx->connectFullMesh(store, device_);
    store_ = base;
    ctx_ = ctx;
  }

  const char *name() const override { return "gloo"; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void allReduce(void *buf, size_t count, ElemType t, ReduceOp op,
                 const std::vector<int> *group) override {
    guard([&] {
      if (group && int(group->size()) != size_) {
        // A sub-group: gather every rank's buffer, combine the group's in
        // ascending rank order (the same bits on each member).
        size_t bytes = count * elemSize(t);
        std::vector<char> all(bytes * size_t(size_));
        gatherRaw(buf, all.data(), bytes);
        std::memcpy(buf, all.data() + bytes * size_t((*group)[0]), bytes);
        for (size_t k = 1; k < group->size(); ++k)
          reduceAny(t, buf, buf, all.data() + bytes * size_t((*group)[k]), count, op);
        return;
      }
      gloo::AllreduceOptions o(ctx_);
      o.setTimeout(timeout_);
      o.setTag(nextTag());
      char *p = static_cast<char *>(buf);
      setBuffers(o, p, count, t);
      o.setReduceFunction([t, op](void *c, const void *a, const void *b, size_t n) {
        reduceAny(t, c, a, b, n, op);
      });
      gloo::allreduce(o);
    });
  }

  void allGather(const void *in, void *out, size_t bytes, const std::vector<int> *group) override {
    guard([&] {
      if (group && int(group->size()) != size_) {
        std::vector<char> all(bytes * size_t(size_));
        gatherRaw(in, all.data(), bytes);
        for (size_t k = 0; k < group->size(); ++k)
          std::memcpy(static_cast<char *>(out) + k * bytes, all.data() + bytes * size_t((*group)[k]),
                      bytes);
        return;
      }
      gatherRaw(in, out, bytes);
    });
  }

  void allToAll(const void *in, void *out, size_t bytes) override {
    guard([&] {
      gloo::AlltoallOptions o(ctx_);
      o.setTimeout(timeout_);
      o.setTag(nextTag());
      o.setInput(const_cast<char *>(static_cast<const char *>(in)), bytes * size_t(size_));
      o.setOutput(static_cast<char *>(out), bytes * size_t(size_));
      gloo::alltoall(o);
    });
  }

  void sendRecv(const void *in, int sendTo, void *out, int recvFrom, size_t bytes) override {
    guard([&] {
      uint64_t slot = nextTag();
      std::unique_ptr<gloo::transport::UnboundBuffer> sb, rb;
      if (sendTo >= 0) {
        sb = ctx_->createUnboundBuffer(const_cast<void *>(in), bytes);
        sb->send(sendTo, slot);
      }
      if (recvFrom >= 0) {
        rb = ctx_->createUnboundBuffer(out, bytes);
        rb->recv(recvFrom, slot);
      }
      if (rb && !rb->waitRecv(timeout_))
        throw EngineTimeout("no data from process " + std::to_string(recvFrom));
      if (sb && !sb->waitSend(timeout_))
        throw EngineTimeout("process " + std::to_string(sendTo) + " did not take its data");
    });
  }

  void broadcast(void *buf, size_t bytes, int root) override {
    guard([&] {
      gloo::BroadcastOptions o(ctx_);
      o.setTimeout(timeout_);
      o.setTag(nextTag());
      o.setRoot(root);
      o.setOutput(static_cast<char *>(buf), bytes);
      gloo::broadcast(o);
    });
  }

  void barrier() override {
    guard([&] {
      gloo::BarrierOptions o(ctx_);
      o.setTimeout(timeout_);
      o.setTag(nextTag());
      gloo::barrier(o);
    });
  }

  void abort() override { aborted_ = true; }

private:
  uint32_t nextTag() { return uint32_t(tag_++ & 0x7fffffff); }

  void gatherRaw(const void *in, void *out, size_t bytes) {
    gloo::AllgatherOptions o(ctx_);
    o.setTimeout(timeout_);
    o.setTag(nextTag());
    o.setInput(const_cast<char *>(static_cast<const char *>(in)), bytes);
    o.setOutput(static_cast<char *>(out), bytes * size_t(size_));
    gloo::allgather(o);
  }

  /// Gloo sizes its buffers by element type; the reduce function does the math.
  void setBuffers(gloo::AllreduceOptions &o, char *p, size_t count, ElemType t) {
    switch (elemSize(t)) {
    case 1: o.setOutput(reinterpret_cast<uint8_t *>(p), count); break;
    case 2: o.setOutput(reinterpret_cast<uint16_t *>(p), count); break;
    case 4: o.setOutput(reinterpret_cast<uint32_t *>(p), count); break;
    default: o.setOutput(reinterpret_cast<uint64_t *>(p), count); break;
    }
  }

  template <typename F> void guard(F &&f) {
    if (aborted_)
      throw EngineAborted("the job was aborted");
    std::lock_guard<std::mutex> lock(m_);
    try {
      f();
    } catch (EngineError &) {
      throw;
    } catch (::gloo::IoException &e) {
      if (aborted_)
        throw EngineAborted("the job was aborted");
      std::string what = e.what();
      if (what.find("imed out") != std::string::npos || what.find("imeout") != std::string::npos)
        throw EngineTimeout("gloo: " + what);
      throw EngineError("gloo: " + what);
    } catch (std::exception &e) {
      throw EngineError(std::string("gloo: ") + e.what());
    }
  }

  int rank_, size_;
  std::chrono::milliseconds timeout_;
  double timeoutSeconds_;
  std::shared_ptr<gloo::transport::Device> device_;
  std::shared_ptr<KvStoreAdapter> store_;
  std::shared_ptr<gloo::Context> ctx_;
  std::atomic<bool> aborted_{false};
  std::mutex m_;
  uint64_t tag_ = 1;
};

} // namespace

extern "C" CollectiveEngine *parax_engine_create(const EngineConfig *config, char *err, size_t errlen) {
  try {
    return new GlooEngine(*config);
  } catch (std::exception &e) {
    if (err && errlen)
      std::snprintf(err, errlen, "%s", e.what());
    return nullptr;
  }
}
