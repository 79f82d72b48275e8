// Today a numpy array is the same immutable array value jax.numpy returns.
#include "frontend/lib/NumpyArray.h"

namespace parax::frontend {

Value wrapNumpyArray(Array a) { return Value::array(std::move(a)); }

} // namespace parax::frontend
