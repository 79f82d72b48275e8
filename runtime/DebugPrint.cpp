//===- DebugPrint.cpp - formatting jax.debug.print at run time ------------===//
#include "runtime/DebugPrint.h"
#include "frontend/format/FormatSpec.h"
#include "frontend/format/NumpyFormat.h"
#include "ir/Diagnostics.h"

namespace parax::runtime {

std::string formatDebugTemplate(const std::string &tmpl,
                                const std::vector<Array> &values) {
  using namespace parax::frontend;
  std::string out;
  for (const FormatField &f : parseFormatTemplate(tmpl)) {
    out += f.literalBefore;
    if (!f.hasField)
      continue;
    size_t i = std::stoul(f.name);
    PARAX_ASSERT(i < values.size()) << "debug_print field out of range";
    const Array &a = values[i];
    if (f.conversion == 'r') {
      out += applyFormatSpec({arrayToRepr(a)}, f.spec);
      continue;
    }
    if (f.conversion == 's') {
      out += applyFormatSpec({arrayToStr(a)}, f.spec);
      continue;
    }
    // As Python's format(): n-d arrays print as str() and take no spec; a
    // 0-d array formats its scalar widened to a Python number.
    if (a.rank() != 0) {
      if (!f.spec.empty())
        throw ParaxError("TypeError", "unsupported format string passed to "
                                      "numpy.ndarray.__format__");
      out += arrayToStr(a);
    } else if (a.dtype() == DType::Bool) {
      out += applyFormatSpec({a.getDouble(0) != 0}, f.spec);
    } else if (isFloat(a.dtype())) {
      out += applyFormatSpec({a.getDouble(0)}, f.spec);
    } else {
      out += applyFormatSpec({a.getInt(0)}, f.spec);
    }
  }
  return out;
}

} // namespace parax::runtime
