//===- Divergence.cpp - collectives under device-varying control ----------===//
//
// Algorithm (a forward dataflow over SSA values inside each pmap region):
//  1. A value is *varying* when it can differ between devices: a mapped
//     region argument, axis_index, ppermute, or any op with a varying
//     operand. Values from outside the region, constants and the results of
//     psum/pmax/pmin/all_gather are uniform (every device holds the same),
//     except a constant marked process_varying (made from a Python number
//     derived from jax.process_index(): it differs between processes).
//  2. Control is *divergent* under a cond/switch with a varying index, a
//     while_loop whose predicate varies, or a fori_loop with varying bounds;
//     divergence is inherited by everything nested inside.
//  3. Loop carries are iterated to a fixed point: a carry varies if its
//     initial value or any yielded value varies.
//  4. A collective under divergent control is reported with the innermost
//     divergent construct and the source of the variance.
//
//===----------------------------------------------------------------------===//
#include "ir/analysis/Divergence.h"
#include "ir/OpRules.h"

#include <functional>
#include <unordered_map>

namespace parax::ir {
namespace {

class Analysis {
public:
  std::optional<DivergentCollective> found;

  void runPmap(const Operation &pmap) {
    const Block &body = pmap.region(0).front();
    const auto &inAxes = pmap.attrs().getInts("in_axes");
    for (unsigned i = 0; i < body.numArguments(); ++i)
      if (i < inAxes.size() && inAxes[i] >= 0)
        varying_[body.argument(i)] = VarianceSource{nullptr, int(i), &pmap};
    block(body, nullptr);
  }

  void walkFunc(const Block &b) {
    for (auto &op : b.operations()) {
      if (found)
        return;
      if (op->kind() == OpKind::Pmap)
        runPmap(*op);
      else
        for (unsigned r = 0; r < op->numRegions(); ++r)
          walkFunc(op->region(r).front());
    }
  }

private:
  std::unordered_map<const Value *, VarianceSource> varying_;
  /// The divergent construct currently enclosing the walk.
  const Operation *divergent_ = nullptr;
  VarianceSource divergentSource_;

  const VarianceSource *vary(const Value *v) const {
    auto it = varying_.find(v);
    return it == varying_.end() ? nullptr : &it->second;
  }
  const VarianceSource *anyVarying(const Operation &op, unsigned from = 0) const {
    for (unsigned i = from; i < op.numOperands(); ++i)
      if (const VarianceSource *s = vary(op.operand(i)))
        return s;
    return nullptr;
  }
  void markResults(const Operation &op, const VarianceSource &s) {
    for (auto &r : op.results())
      varying_[r.get()] = s;
  }

  /// Walks a region body; returns the variance of each yielded value.
  std::vector<const VarianceSource *> block(const Block &b, const Operation *) {
    std::vector<const VarianceSource *> yields;
    for (auto &opPtr : b.operations()) {
      if (found)
        break;
      const Operation &op = *opPtr;
      if (op.hasTrait(T)) {
        for (unsigned i = 0; i < op.numOperands(); ++i)
          yields.push_back(vary(op.operand(i)));
        break;
      }
      visit(op);
    }
    return yields;
  }

  void enterDivergent(const Operation &op, const VarianceSource &src,
                      const std::function<void()> &fn) {
    const Operation *saved = divergent_;
    VarianceSource savedSrc = divergentSource_;
    divergent_ = &op; // the innermost divergent construct is named
    divergentSource_ = src;
    fn();
    divergent_ = saved;
    divergentSource_ = savedSrc;
  }

  void checkCollective(const Operation &op) {
    if (divergent_ && !found)
      found = DivergentCollective{&op, divergent_, divergentSource_};
  }

  /// Iterates a loop region to a fixed point over its carried arguments.
  /// `carryArg(i)` is the region argument fed by carry i; `yieldIndex(i)` is
  /// the yield operand that becomes carry i.
  void loopFixpoint(const Operation &op, unsigned region, unsigned firstCarryArg,
                    unsigned numCarries, unsigned firstCarryOperand,
                    const VarianceSource *controlVaries) {
    const Block &body = op.region(region).front();
    std::vector<const VarianceSource *> carry(numCarries);
    for (unsigned i = 0; i < numCarries; ++i)
      carry[i] = vary(op.operand(firstCarryOperand + i));
    for (int iter = 0; iter < 64 && !found; ++iter) {
      for (unsigned i = 0; i < numCarries; ++i) {
        if (carry[i])
          varying_[body.argument(firstCarryArg + i)] = *carry[i];
        else
          varying_.erase(body.argument(firstCarryArg + i));
      }
      std::vector<const VarianceSource *> ys;
      auto walk = [&] { ys = block(body, &op); };
      if (controlVaries)
        enterDivergent(op, *controlVaries, walk);
      else
        walk();
      bool changed = false;
      for (unsigned i = 0; i < numCarries && i < ys.size(); ++i)
        if (ys[i] && !carry[i]) {
          carry[i] = ys[i];
          changed = true;
        }
      if (!changed)
        break;
    }
    for (unsigned i = 0; i < numCarries; ++i) {
      const VarianceSource *s = carry[i] ? carry[i] : controlVaries;
      if (s)
        varying_[op.result(i)] = *s;
    }
  }

  void visit(const Operation &op) {
    // Collectives (ir/ops/Collectives.def): those that communicate must run
    // on every device; axis_index and ppermute results vary per device.
    if (collectivePattern(op.kind()) != CollectivePattern::None) {
      if (communicates(op.kind()))
        checkCollective(op);
      if (!sameOnEveryDevice(op.kind()))
        varying_[op.result()] = VarianceSource{&op, -1, nullptr};
      return;
    }
    switch (op.kind()) {
    case OpKind::Constant:
      if (op.attrs().has("process_varying"))
        varying_[op.result()] = VarianceSource{&op, -1, nullptr};
      return;
    case OpKind::ForiLoop: {
      const VarianceSource *b = vary(op.operand(0)) ? vary(op.operand(0)) : vary(op.operand(1));
      const Block &body = op.region(0).front();
      if (b)
        varying_[body.argument(0)] = *b;
      loopFixpoint(op, 0, 1, op.numResults(), 2, b);
      return;
    }
    case OpKind::Scan: {
      unsigned nCarry = unsigned(op.attrs().getInt("num_carry"));
      const Block &body = op.region(0).front();
      for (unsigned i = nCarry; i < op.numOperands(); ++i)
        if (const VarianceSource *s = vary(op.operand(i)))
          varying_[body.argument(i)] = *s;
      loopFixpoint(op, 0, 0, nCarry, 0, nullptr);
      // ys vary if anything inside varies: be conservative.
      if (const VarianceSource *s = anyVarying(op))
        for (unsigned i = nCarry; i < op.numResults(); ++i)
          varying_[op.result(i)] = *s;
      return;
    }
    case OpKind::While: {
      // The predicate may vary once the carries do; iterate cond and body.
      const Block &condB = op.region(0).front();
      unsigned n = op.numResults();
      std::vector<const VarianceSource *> carry(n);
      for (unsigned i = 0; i < n; ++i)
        carry[i] = vary(op.operand(i));
      const VarianceSource *pred = nullptr;
      for (int iter = 0; iter < 64 && !found; ++iter) {
        for (unsigned i = 0; i < n; ++i)
          if (carry[i])
            varying_[condB.argument(i)] = *carry[i];
        std::vector<const VarianceSource *> p;
        auto walkCond = [&] { p = block(condB, &op); };
        if (pred)
          enterDivergent(op, *pred, walkCond);
        else
          walkCond();
        // Once the predicate varies, devices evaluate the condition a
        // different number of times: walk it again as divergent code.
        bool predBecameVarying = !pred && !p.empty() && p[0];
        if (!p.empty() && p[0])
          pred = p[0];
        const Block &bodyB = op.region(1).front();
        for (unsigned i = 0; i < n; ++i)
          if (carry[i])
            varying_[bodyB.argument(i)] = *carry[i];
        std::vector<const VarianceSource *> ys;
        auto walkBody = [&] { ys = block(bodyB, &op); };
        if (pred)
          enterDivergent(op, *pred, walkBody);
        else
          walkBody();
        bool changed = predBecameVarying;
        for (unsigned i = 0; i < n && i < ys.size(); ++i)
          if (ys[i] && !carry[i]) {
            carry[i] = ys[i];
            changed = true;
          }
        if (!changed)
          break;
      }
      for (unsigned i = 0; i < n; ++i) {
        const VarianceSource *s = carry[i] ? carry[i] : pred;
        if (s)
          varying_[op.result(i)] = *s;
      }
      return;
    }
    case OpKind::Cond: {
      const VarianceSource *idx = vary(op.operand(0));
      const VarianceSource *anyIn = anyVarying(op, 1);
      std::vector<const VarianceSource *> outs(op.numResults(), nullptr);
      for (unsigned r = 0; r < op.numRegions(); ++r) {
        const Block &b = op.region(r).front();
        for (unsigned i = 0; i < b.numArguments(); ++i)
          if (const VarianceSource *s = vary(op.operand(i + 1)))
            varying_[b.argument(i)] = *s;
        std::vector<const VarianceSource *> ys;
        auto walk = [&] { ys = block(b, &op); };
        if (idx)
          enterDivergent(op, *idx, walk);
        else
          walk();
        for (unsigned i = 0; i < outs.size() && i < ys.size(); ++i)
          if (ys[i] && !outs[i])
            outs[i] = ys[i];
      }
      (void)anyIn;
      for (unsigned i = 0; i < op.numResults(); ++i) {
        const VarianceSource *s = idx ? idx : outs[i];
        if (s)
          varying_[op.result(i)] = *s;
      }
      return;
    }
    case OpKind::Pmap:
      runPmap(op);
      return;
    default:
      if (const VarianceSource *s = anyVarying(op))
        markResults(op, *s);
      for (unsigned r = 0; r < op.numRegions(); ++r)
        block(op.region(r).front(), &op);
      return;
    }
  }
};

} // namespace

std::optional<DivergentCollective> findDivergentCollective(const Func &f) {
  Analysis a;
  a.walkFunc(f.entry());
  return a.found;
}

} // namespace parax::ir
