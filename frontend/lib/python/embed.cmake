# Writes OUT: a C++ file with each .py under SRC_DIR as a string, looked up
# by module name (frontend/lib/EmbeddedPython.h): os.path.py is the module
# os.path, jax.random.py is jax.random (only the last extension is dropped).
# Run by CMake at build time:
#   cmake -DSRC_DIR=... -DOUT=... -P embed.cmake
file(GLOB sources ${SRC_DIR}/*.py)
list(SORT sources)
set(body "")
foreach(src ${sources})
  get_filename_component(name ${src} NAME_WLE)
  file(READ ${src} text)
  string(APPEND body "    {\"${name}\", R\"PARAXPY(${text})PARAXPY\"},\n")
endforeach()
file(WRITE ${OUT}.tmp
"// Generated from frontend/lib/python/*.py by embed.cmake: do not edit.
#include \"frontend/lib/EmbeddedPython.h\"

#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

namespace parax::frontend {

const std::string *embeddedPythonSource(const std::string &name) {
  // Development aid: PARAX_PYTHON_SOURCE_DIR=frontend/lib/python reads the
  // modules from disk, so an edit to a .py file needs no rebuild.
  if (const char *dir = std::getenv(\"PARAX_PYTHON_SOURCE_DIR\")) {
    static std::map<std::string, std::unique_ptr<std::string>> fromDisk;
    auto &slot = fromDisk[name];
    if (!slot) {
      std::ifstream in(std::string(dir) + \"/\" + name + \".py\");
      if (in) {
        std::stringstream ss;
        ss << in.rdbuf();
        slot = std::make_unique<std::string>(ss.str());
      }
    }
    if (slot)
      return slot.get();
  }
  static const std::map<std::string, std::string> sources = {
${body}  };
  auto it = sources.find(name);
  return it == sources.end() ? nullptr : &it->second;
}

} // namespace parax::frontend
")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
