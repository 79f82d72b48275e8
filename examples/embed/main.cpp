// A host application that hands its own arrays to a jitted JAX function and
// reads the result back, with parax's print output and errors captured.
#include <parax/parax.h>

#include <cstdio>
#include <vector>

namespace px = parax::embed;

int main() {
  px::Config config;
  config.onPrint = [](std::string_view s) { std::printf("[parax] %.*s", int(s.size()), s.data()); };
  px::Result<px::Interpreter> created = px::Interpreter::create(config);
  if (!created) {
    std::fprintf(stderr, "%s", created.error().rendered.c_str());
    return 1;
  }
  px::Interpreter &ip = created.value();

  // A host constant, then a program that uses it.
  ip.set("scale", 0.5).check();
  px::Status st = ip.run(R"(
import jax
import jax.numpy as jnp

@jax.jit
def predict(w, x):
    return jnp.tanh(x @ w) * scale

print("model loaded, scale =", scale)
)", "model.py");
  if (!st) {
    std::fprintf(stderr, "%s", st.error().rendered.c_str());
    return 1;
  }

  // The host's data, passed without copies.
  std::vector<float> w = {1, 0, 0, 1, 1, 1};  // 3x2
  std::vector<float> x = {0.5f, -0.5f, 1.0f}; // 1x3
  px::Result<px::Value> r = ip.call("predict", {px::Array::view(w.data(), {3, 2}),
                                                px::Array::view(x.data(), {1, 3})});
  if (!r) {
    std::fprintf(stderr, "%s", r.error().rendered.c_str());
    return 1;
  }
  px::Array y = r.value().array();
  std::printf("y: shape (%lld, %lld) %s:", (long long)y.shape()[0],
              (long long)y.shape()[1], std::string(px::dtypeName(y.dtype())).c_str());
  for (float v : y.toVector<float>())
    std::printf(" %.4f", v);
  std::printf("\n");

  // A mistake in the program comes back as a value with the full diagnostic.
  px::Status bad = ip.run("z = predict(1.0)\n", "oops.py");
  std::printf("error: %s at %s:%d\n", bad.error().kind.c_str(), bad.error().file.c_str(),
              bad.error().line);
  return 0;
}
