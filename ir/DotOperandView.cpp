//===- DotOperandView.cpp - what the runtime dot kernel allocates --------===//
#include "ir/DotOperandView.h"

#include <algorithm>

namespace parax::ir {

int64_t dotKernelScratchBytes(const Operation &op) {
  const TensorType &rt = op.result()->type();
  const TensorType &lt = op.operand(0)->type(), &rht = op.operand(1)->type();
  DType d = lt.dtype;
  bool fl = isFloat(d);
  // Float operands other than float64 are read in place when their groups
  // are one stride each; others are copied unless already in (batch, free,
  // contracting) order.
  auto inOrder = [](const std::vector<int64_t> &a,
                    const std::vector<int64_t> &b,
                    const std::vector<int64_t> &c) {
    std::vector<int64_t> o = a;
    o.insert(o.end(), b.begin(), b.end());
    o.insert(o.end(), c.begin(), c.end());
    for (size_t i = 0; i < o.size(); ++i)
      if (o[i] != int64_t(i))
        return false;
    return true;
  };
  auto freeDims = [](const Shape &sh, const std::vector<int64_t> &bd,
                     const std::vector<int64_t> &cd) {
    std::vector<int64_t> f;
    for (int64_t i = 0; i < int64_t(sh.size()); ++i)
      if (std::find(bd.begin(), bd.end(), i) == bd.end() &&
          std::find(cd.begin(), cd.end(), i) == cd.end())
        f.push_back(i);
    return f;
  };
  const auto &lb = op.attrs().getInts("lhs_batch");
  const auto &rb = op.attrs().getInts("rhs_batch");
  const auto &lc = op.attrs().getInts("lhs_contract");
  const auto &rc = op.attrs().getInts("rhs_contract");
  std::vector<int64_t> lf = freeDims(lt.shape, lb, lc),
                       rf = freeDims(rht.shape, rb, rc);
  bool inPlace = fl && d != DType::F64;
  bool copyLhs =
      inPlace ? !dotOperandStrides(lt.shape, lb, lf, lc) : !inOrder(lb, lf, lc);
  bool copyRhs = inPlace ? !dotOperandStrides(rht.shape, rb, rc, rf)
                         : !inOrder(rb, rc, rf);
  // Saturating: each operand is under 2^62 bytes, their sum may not be.
  int64_t s = 0;
  if (copyLhs)
    s = saturatingAdd(s, lt.byteSize());
  if (copyRhs)
    s = saturatingAdd(s, rht.byteSize());
  if (fl && d != DType::F32 && d != DType::F64)
    for (const TensorType *t : {&lt, &rht, &rt})
      s = saturatingAdd(
          saturatingAdd(s, TensorType{DType::F32, t->shape}.byteSize()),
          t == &rt ? rt.byteSize() : 0);
  return s;
}

} // namespace parax::ir
