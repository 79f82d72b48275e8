//===- Suggest.cpp - "did you mean" hints for unknown names ---------------===//
#include "frontend/machine/Suggest.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace parax::frontend {

size_t editDistance(const std::string &a, const std::string &b) {
  size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1));
  for (size_t i = 0; i <= n; ++i)
    d[i][0] = i;
  for (size_t j = 0; j <= m; ++j)
    d[0][j] = j;
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

namespace {
std::string lower(std::string s) {
  for (char &c : s)
    c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
} // namespace

std::string closestName(const std::string &name,
                        const std::vector<std::string> &candidates) {
  // A one- or two-letter name is one edit away from too many others to
  // guess; only a different letter case is a safe suggestion.
  if (name.size() <= 2) {
    for (const std::string &c : candidates)
      if (c != name && lower(c) == lower(name))
        return c;
    return "";
  }
  size_t allowed = std::max<size_t>(1, name.size() / 4);
  std::string best;
  size_t bestDist = allowed + 1;
  for (const std::string &c : candidates) {
    if (c == name || c.size() + allowed < name.size() || name.size() + allowed < c.size())
      continue;
    size_t dist = editDistance(name, c);
    if (dist < bestDist || (dist == bestDist && !best.empty() && c < best)) {
      bestDist = dist;
      best = c;
    }
  }
  return best;
}

std::string knownGapHint(const std::string &qualified) {
  // Names users reach for that parax does not provide. A similar-looking
  // name (vmap -> pmap, lax.map -> max) would send them the wrong way.
  static const std::map<std::string, std::string> gaps = {
      {"jax.make_jaxpr", "parax does not support jax.make_jaxpr: `parax --dump ir` "
                         "prints the traced IR"},
      {"jax.xla_computation", "parax does not support jax.xla_computation"},
      {"jax.shard_map", "parax does not support jax.shard_map yet: use jax.pmap"},
      {"jax.sharding", "parax does not support jax.sharding yet: use jax.pmap"},
      {"jax.experimental", "parax does not provide jax.experimental"},
      {"jax.pure_callback", "parax does not support host callbacks (jax.pure_callback)"},
      {"jax.lax.custom_root", "parax does not support lax.custom_root"},
      {"jax.numpy.fft", "parax does not support jnp.fft yet"},
      {"jax.numpy.vectorize", "parax does not support jnp.vectorize yet"},
      {"jax.numpy.frompyfunc", "parax does not support jnp.frompyfunc"},
      {"jax.numpy.load", "parax programs cannot read files (jnp.load)"},
      {"jax.numpy.save", "parax programs cannot write files (jnp.save)"},
      {"input", "parax programs cannot read stdin with input(): pass values as "
                "command-line arguments (sys.argv)"},
      {"sys.stdin", "parax programs do not read stdin: pass values as command-line "
                    "arguments (sys.argv) or read a file granted with --allow-read DIR"},
      {"sys.path", "parax has no sys.path: its modules are built in and programs import "
                   "no files"},
      {"sys.modules", "parax does not provide sys.modules"},
      {"os.system", "parax programs cannot start processes (os.system, subprocess)"},
      {"os.popen", "parax programs cannot start processes (os.popen, subprocess)"},
      {"os.fork", "parax programs cannot start processes"},
      {"os.kill", "parax programs cannot signal processes"},
      {"os.chdir", "parax programs cannot change the working directory; use paths "
                   "relative to it or absolute paths under --allow-read/--allow-write"},
      {"eval", "parax does not support eval(): code must be in the program text"},
      {"exec", "parax does not support exec(): code must be in the program text"},
      {"compile", "parax does not support compile(): code must be in the program text"},
      {"__import__", "parax does not support __import__(): use an import statement"},
      {"globals", "parax does not support globals()"},
      {"locals", "parax does not support locals()"},
      {"vars", "parax does not support vars()"},
      {"setattr", "parax does not support setattr(): objects are immutable here"},
  };
  auto it = gaps.find(qualified);
  return it == gaps.end() ? "" : it->second;
}

std::string unknownNameHint(const std::string &scope, const std::string &name,
                            const std::vector<std::string> &candidates,
                            const std::string &fallback) {
  // `from jax import lax` binds jax.lax; users write both spellings.
  std::string q = scope.empty() ? name : scope + "." + name;
  if (std::string gap = knownGapHint(q); !gap.empty())
    return gap;
  if (std::string close = closestName(name, candidates); !close.empty())
    return "did you mean '" + close + "'?";
  return fallback;
}

} // namespace parax::frontend
