//===- ElemType.cpp - element sizes of the engines' types -----------------===//
//
// Compiled into parax and into every engine library, so an engine needs
// nothing from parax at load time.
//
//===----------------------------------------------------------------------===//
#include "runtime/distributed/CollectiveEngine.h"

namespace parax::runtime::dist {

size_t elemSize(ElemType t) {
  switch (t) {
  case ElemType::I8:
  case ElemType::U8:
    return 1;
  case ElemType::F16:
  case ElemType::BF16:
  case ElemType::I16:
  case ElemType::U16:
    return 2;
  case ElemType::F32:
  case ElemType::I32:
  case ElemType::U32:
    return 4;
  case ElemType::F64:
  case ElemType::I64:
  case ElemType::U64:
    return 8;
  }
  return 1;
}

} // namespace parax::runtime::dist
