# -*- Python -*-
# lit configuration of parax's golden tests (tests/lit/<folder>/*.py).
#
# A parax program is a test file: its `# RUN:` lines run %parax on it and
# pipe the output into FileCheck, which matches the file's `# CHECK:` lines.
#   ast/     --dump ast            ir/      --dump ir (jit, pmap, loops, cond)
#   passes/  --dump ir after the pipeline (canonicalize, dce)
#   errors/  stderr of failing programs   run/     stdout
#
# Run it through the build directory (ctest -R lit, or
# python3 lit.py -sv <build>/tests/lit), whose lit.site.cfg.py sets the
# paths below.
import os

import lit.formats

if not hasattr(config, "parax_binary"):
    lit_config.fatal("run lit on <build>/tests/lit (configured by CMake), "
                     "not on the source folder")

config.name = "parax"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.parax_obj_root, "tests", "lit")

# FileCheck, not and count come from the LLVM tools directory.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# lit passes only a whitelist of the caller's variables, so PARAX_DEVICES,
# PARAX_BACKEND ... never leak into a test; tests set what they need. The
# backend is the reference interpreter unless `--param backend=cpu` (the
# dumps do not depend on it; run/ and errors/ outputs must not either).
config.environment["PARAX_BACKEND"] = lit_config.params.get("backend", "interp")
config.substitutions.append(("%parax", config.parax_binary))
