//===- Vma.cpp - which mesh axes a shard_map body's values vary over -------===//
//
// shard_map's check_vma: a value in the body varies over the mesh axes its
// inputs are split over; psum-like collectives make it invariant over the
// axes they reduce; axis_index varies over its axes. Every op's results
// vary over the union of its operands' axes. jax.experimental.shard_map
// sets the inputs' and the mesh-axis collectives' axes and checks the
// outputs against out_specs (an output varying over an axis out_specs does
// not split is JAX's ValueError).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Vma.h"
#include "frontend/tracing/Trace.h"

#include <algorithm>
#include <unordered_map>

namespace parax::frontend::sharding {

namespace {
struct VmaEntry {
  std::weak_ptr<ir::Module> module;
  std::vector<std::string> axes;
};
std::unordered_map<const ir::Value *, VmaEntry> &vmaTable() {
  static std::unordered_map<const ir::Value *, VmaEntry> t;
  return t;
}
/// The mesh axes of the shard_map bodies being traced, innermost last.
std::vector<std::vector<std::string>> &bodies() {
  static std::vector<std::vector<std::string>> b;
  return b;
}
} // namespace

static std::vector<bool> &checks() {
  static std::vector<bool> c;
  return c;
}

void enterBody(std::vector<std::string> meshAxes, bool checkVma) {
  bodies().push_back(std::move(meshAxes));
  checks().push_back(checkVma);
}
void exitBody() {
  if (!bodies().empty())
    bodies().pop_back();
  if (!checks().empty())
    checks().pop_back();
}
bool inBody() { return !bodies().empty(); }
bool checkingVma() { return !checks().empty() && checks().back(); }

std::vector<std::string> vmaOf(const Value &v) {
  if (!v.isTracer())
    return {};
  const TracerObj &t = v.asTracer();
  auto it = vmaTable().find(t.value);
  if (it == vmaTable().end() || !t.program || it->second.module.lock() != t.program->module)
    return {};
  return it->second.axes;
}

void setVma(const Value &v, std::vector<std::string> axes) {
  if (!v.isTracer() || !v.asTracer().program)
    return;
  const TracerObj &t = v.asTracer();
  if (axes.empty()) {
    vmaTable().erase(t.value);
    return;
  }
  if (vmaTable().size() > 4096)
    for (auto it = vmaTable().begin(); it != vmaTable().end();)
      it = it->second.module.expired() ? vmaTable().erase(it) : std::next(it);
  vmaTable()[t.value] = VmaEntry{t.program->module, std::move(axes)};
}

void propagateVma(ir::OpKind kind, const std::vector<Value> &operands,
                  const std::vector<Value> &results) {
  if (!inBody())
    return;
  std::vector<std::string> axes;
  if (kind == ir::OpKind::AxisIndex) {
    axes = bodies().back();
  } else if (kind != ir::OpKind::Psum && kind != ir::OpKind::Pmax &&
             kind != ir::OpKind::Pmin) {
    for (const Value &o : operands)
      for (const std::string &a : vmaOf(o))
        if (std::find(axes.begin(), axes.end(), a) == axes.end())
          axes.push_back(a);
  }
  // Keep the mesh's axis order.
  std::vector<std::string> ordered;
  for (const std::string &a : bodies().back())
    if (std::find(axes.begin(), axes.end(), a) != axes.end())
      ordered.push_back(a);
  for (const Value &r : results)
    setVma(r, ordered);
}

} // namespace parax::frontend::sharding
