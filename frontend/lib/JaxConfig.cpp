//===- JaxConfig.cpp - jax.config (the x64 switch) ------------------------===//
//
// jax.config: update(name, value), read(name) and the options as attributes.
// The one option that changes results is jax_enable_x64 (64-bit default
// types, float64/int64 arrays); its default comes from the JAX_ENABLE_X64
// environment variable, read once per process as JAX reads it at import.
// Like JAX's config the switch is process-wide: interpreters embedded in
// one process share it. A few options that do not change numerics are accepted and
// ignored; any other name is JAX's AttributeError.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Modules.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Promotion.h"
#include "frontend/lib/LibUtil.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <mutex>

namespace parax::frontend {

namespace {

/// Options accepted but without effect in parax (no numerics change).
const char *const kIgnoredOptions[] = {"jax_platform_name", "jax_platforms",
                                       "jax_log_compiles"};

bool isIgnored(const std::string &name) {
  return std::any_of(std::begin(kIgnoredOptions), std::end(kIgnoredOptions),
                     [&](const char *o) { return name == o; });
}

/// JAX's bool_env parsing: y/yes/t/true/on/1 and n/no/f/false/off/0.
std::optional<bool> parseBoolEnv(std::string v) {
  for (char &c : v)
    c = char(std::tolower(static_cast<unsigned char>(c)));
  for (const char *t : {"y", "yes", "t", "true", "on", "1"})
    if (v == t)
      return true;
  for (const char *f : {"n", "no", "f", "false", "off", "0"})
    if (v == f)
      return false;
  return std::nullopt;
}

class JaxConfigObject : public NativeObject {
public:
  std::string typeName() const override { return "jax._src.config.Config"; }
  std::string repr() const override { return "<jax._src.config.Config object>"; }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    if (name == "jax_enable_x64" || name == "x64_enabled") {
      out = Value::boolean(x64Enabled());
      return true;
    }
    if (name == "update") {
      out = makeBuiltin("jax.config.update", [](Evaluator &ev, CallArgs &a) {
        expectPositional(a, 2, 2, "update");
        if (!a.args[0].isStr())
          raise("TypeError", "config option name must be a str, got " + frontend::typeName(a.args[0]));
        const std::string &name = a.args[0].asStr();
        if (name == "jax_enable_x64")
          setX64Enabled(ev.truthy(a.args[1]));
        else if (!isIgnored(name))
          raise("AttributeError", "Unrecognized config option: " + name,
                "parax supports jax_enable_x64 (and ignores " +
                    std::string("jax_platform_name, jax_platforms, jax_log_compiles") + ")");
        return Value::none();
      });
      return true;
    }
    if (name == "read") {
      out = makeBuiltin("jax.config.read", [](Evaluator &, CallArgs &a) {
        expectPositional(a, 1, 1, "read");
        if (a.args[0].isStr() && a.args[0].asStr() == "jax_enable_x64")
          return Value::boolean(x64Enabled());
        raise("AttributeError", "Unrecognized config option: " +
                                    (a.args[0].isStr() ? a.args[0].asStr() : std::string("?")));
      });
      return true;
    }
    return false;
  }
  std::vector<std::string> attrNames() const override {
    return {"jax_enable_x64", "update", "read"};
  }
};

} // namespace

void installJaxConfig(ModuleObject &jax) {
  static std::once_flag readEnv;
  std::call_once(readEnv, [] {
    if (const char *env = std::getenv("JAX_ENABLE_X64"))
      setX64Enabled(parseBoolEnv(env).value_or(false));
  });
  jax.set("config", Value::object(Value::Kind::Native, std::make_shared<JaxConfigObject>()));
}

} // namespace parax::frontend
