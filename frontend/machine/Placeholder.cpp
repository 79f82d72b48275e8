//===- Placeholder.cpp - JAX names parax does not implement ---------------===//
#include "frontend/machine/Placeholder.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Suggest.h"

#include <set>

namespace parax::frontend {

std::string PlaceholderObject::repr() const {
  return "<" + name_ + ": not implemented in parax>";
}

void PlaceholderObject::fail() const {
  // A known gap's own advice (jax.vmap, jnp.fft ...), for the name or the
  // closest enclosing module that has one.
  std::string hint;
  for (std::string q = name_; hint.empty() && !q.empty();) {
    hint = knownGapHint(q);
    size_t dot = q.rfind('.');
    q = dot == std::string::npos ? "" : q.substr(0, dot);
  }
  if (hint.empty())
    hint = "parax imported it as a placeholder because the program names it; "
           "docs/language.md lists what parax provides";
  raise("NotImplementedError", name_ + " is not implemented in parax", hint);
}

Value PlaceholderObject::call(Evaluator &, CallArgs &) { fail(); }

bool PlaceholderObject::getAttr(Evaluator &, const std::string &name, Value &) {
  // Python asks for these without the program touching the name.
  if (name == "__name__" || name == "__qualname__")
    return false;
  fail();
}

Value makePlaceholder(const std::string &qualname) {
  return Value::object(Value::Kind::Native, std::make_shared<PlaceholderObject>(qualname));
}

bool isJaxModuleName(const std::string &name) {
  return name == "jax" || name.rfind("jax.", 0) == 0;
}

bool isJaxApiName(const std::string &module, const std::string &name) {
  if (!isJaxModuleName(module) || name.empty() || name[0] == '_')
    return false;
  // Generated from JAX's sources (scripts/jax_api_names.py).
  static const std::set<std::pair<std::string, std::string>> names = {
#include "frontend/machine/JaxApiNames.inc"
  };
  static const std::set<std::string> listed = [] {
    std::set<std::string> m;
    for (auto &p : names)
      m.insert(p.first);
    return m;
  }();
  // parax's jax.tree_util is also jax.tree.
  auto has = [&](const std::string &mod) { return names.count({mod, name}) > 0; };
  if (module == "jax.tree_util" || module == "jax.tree")
    return has("jax.tree_util") || has("jax.tree");
  // Modules whose names parax does not list: any public name may be JAX's.
  return listed.count(module) ? has(module) : true;
}

bool isKnownJaxModule(const std::string &name) {
  // JAX's public modules (the .py files and packages under jax/ at
  // jax-ml/jax cec06d116c, without _src, private and test modules; big
  // packages by their top only). A parent of one is a module too.
  static const std::set<std::string> modules = {
      "jax.ad_checkpoint", "jax.api_util", "jax.collect_profile", "jax.core",
      "jax.custom_batching", "jax.custom_derivatives", "jax.debug", "jax.distributed",
      "jax.dlpack", "jax.dtypes", "jax.errors", "jax.example_libraries.optimizers",
      "jax.example_libraries.stax", "jax.experimental.array_serialization",
      "jax.experimental.buffer_callback", "jax.experimental.checkify",
      "jax.experimental.colocated_python", "jax.experimental.compilation_cache",
      "jax.experimental.compute_on", "jax.experimental.custom_partitioning",
      "jax.experimental.fused", "jax.experimental.hijax", "jax.experimental.jax2tf",
      "jax.experimental.jet", "jax.experimental.layout", "jax.experimental.mesh_utils",
      "jax.experimental.mosaic", "jax.experimental.multihost_utils", "jax.experimental.ode",
      "jax.experimental.overlap", "jax.experimental.pallas", "jax.experimental.pallas.tpu",
      "jax.experimental.pallas.triton", "jax.experimental.pallas.mosaic_gpu",
      "jax.experimental.pjit", "jax.experimental.profiler", "jax.experimental.random",
      "jax.experimental.rnn", "jax.experimental.scheduling_groups",
      "jax.experimental.serialize_executable", "jax.experimental.shard_alike",
      "jax.experimental.shard_map", "jax.experimental.sparse", "jax.experimental.topologies",
      "jax.experimental.transfer", "jax.experimental.xla_metadata", "jax.export",
      "jax.extend.backend", "jax.extend.core.primitives", "jax.extend.ifrt_programs",
      "jax.extend.linear_util", "jax.extend.lowering", "jax.extend.mlir", "jax.extend.pallas",
      "jax.extend.random", "jax.extend.sharding", "jax.extend.source_info_util",
      "jax.extend.xla", "jax.ffi", "jax.flatten_util", "jax.interpreters.ad",
      "jax.interpreters.batching", "jax.interpreters.mlir", "jax.interpreters.partial_eval",
      "jax.interpreters.pxla", "jax.interpreters.xla", "jax.lax.linalg", "jax.monitoring",
      "jax.nn.initializers", "jax.numpy.fft", "jax.numpy.linalg", "jax.profiler",
      "jax.random", "jax.ref", "jax.scipy.cluster.vq", "jax.scipy.fft", "jax.scipy.integrate",
      "jax.scipy.linalg", "jax.scipy.ndimage", "jax.scipy.signal", "jax.scipy.spatial.transform",
      "jax.scipy.special", "jax.scipy.stats.bernoulli", "jax.scipy.stats.beta",
      "jax.scipy.stats.betabinom", "jax.scipy.stats.binom", "jax.scipy.stats.cauchy",
      "jax.scipy.stats.chi2", "jax.scipy.stats.dirichlet", "jax.scipy.stats.expon",
      "jax.scipy.stats.gamma", "jax.scipy.stats.gennorm", "jax.scipy.stats.geom",
      "jax.scipy.stats.gumbel_l", "jax.scipy.stats.gumbel_r", "jax.scipy.stats.laplace",
      "jax.scipy.stats.logistic", "jax.scipy.stats.multinomial",
      "jax.scipy.stats.multivariate_normal", "jax.scipy.stats.nbinom", "jax.scipy.stats.norm",
      "jax.scipy.stats.pareto", "jax.scipy.stats.poisson", "jax.scipy.stats.t",
      "jax.scipy.stats.truncnorm", "jax.scipy.stats.uniform", "jax.scipy.stats.vonmises",
      "jax.scipy.stats.wrapcauchy", "jax.sharding", "jax.stages", "jax.test_util",
      "jax.tools", "jax.tree", "jax.tree_util", "jax.typing", "jax.version"};
  auto it = modules.lower_bound(name);
  if (it == modules.end())
    return false;
  return *it == name || it->rfind(name + ".", 0) == 0;
}

void requireNotPlaceholder(const Value &v) {
  if (v.kind() == Value::Kind::Native)
    if (auto *p = v.as<PlaceholderObject>())
      p->fail();
}

} // namespace parax::frontend
