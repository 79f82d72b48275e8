//===- EngineLoader.cpp - dlopen the engine libraries ---------------------===//
#include "runtime/distributed/CollectiveEngine.h"

#include <cstdlib>
#include <dlfcn.h>
#include <limits.h>
#include <unistd.h>

namespace parax::runtime::dist {

namespace {
std::string dirOf(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}
} // namespace

std::unique_ptr<CollectiveEngine> openEngine(const std::string &name, const EngineConfig &config,
                                             std::string *why) {
  std::string file = "libparax_engine_" + name + ".so";
  std::vector<std::string> candidates;
  if (const char *dir = std::getenv("PARAX_ENGINE_DIR"); dir && *dir)
    candidates.push_back(std::string(dir) + "/" + file);
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0)
    candidates.push_back(dirOf(std::string(exe, size_t(n))) + "/" + file);
  Dl_info info{};
  if (dladdr(reinterpret_cast<void *>(&openEngine), &info) && info.dli_fname)
    candidates.push_back(dirOf(info.dli_fname) + "/" + file);
  candidates.push_back(file); // the loader's path
  std::string errors;
  for (const std::string &c : candidates) {
    if (c.find('/') != std::string::npos && access(c.c_str(), F_OK) != 0)
      continue;
    void *h = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      errors += std::string(errors.empty() ? "" : "; ") + dlerror();
      continue;
    }
    auto create = reinterpret_cast<decltype(&parax_engine_create)>(dlsym(h, "parax_engine_create"));
    if (!create) {
      if (why)
        *why = c + " has no parax_engine_create";
      return nullptr;
    }
    char err[1024] = "";
    CollectiveEngine *e = create(&config, err, sizeof err);
    if (!e) {
      if (why)
        *why = "the " + name + " engine (" + c + ") could not start: " + err;
      return nullptr;
    }
    return std::unique_ptr<CollectiveEngine>(e); // the library stays loaded
  }
  if (why)
    *why = "cannot load " + file + (errors.empty() ? std::string(" (not found next to parax nor on the loader's path)") : ": " + errors);
  return nullptr;
}

} // namespace parax::runtime::dist
