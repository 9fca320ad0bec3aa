# lit configuration of lnr-rewrite's FileCheck (test/lit) and execution
# (test/exec) tests. Loaded through the lit.site.cfg.py CMake generates.
import os
import sys

import lit.formats

# The build's paths: ctest passes --param lnr_site_config=<build>/test/...
if not hasattr(config, "lnr_obj_root"):
    site = lit_config.params.get("lnr_site_config")
    if not site:
        lit_config.fatal("run lit through ctest, or pass "
                         "--param lnr_site_config=<build>/test/lit.site.cfg.py")
    lit_config.load_config(config, site)

config.name = "lnr-rewrite"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.lnr_obj_root, "test")
config.excludes = ["Inputs", "harness", "unit", "fuzz"]

config.environment["PATH"] = os.pathsep.join(
    [config.lnr_tool_dir, config.llvm_tools_dir, config.environment["PATH"]])

config.substitutions.append(("%cc", config.cc))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%builddir", config.lnr_obj_root))
config.substitutions.append(("%src", config.lnr_src_root))
config.substitutions.append(("%samples",
                             os.path.join(config.lnr_src_root, "samples")))
config.substitutions.append(("%harness",
                             os.path.join(config.lnr_src_root, "test", "exec",
                                          "harness")))
config.substitutions.append(("%data", config.data_dir))
config.substitutions.append(("%python", sys.executable))
# The rewrite of a test file keeps the file's FileCheck directives, which
# would match themselves: '%nochecks F' prints F without them.
config.substitutions.append(
    ("%nochecks", "sed -E '/^\\/\\/ *[A-Z][A-Z0-9_]*(-[A-Z]+)?:/d'"))

# Microsoft's SARIF Multitool (scripts/setup.sh installs it): the SARIF
# tests fail without it rather than pass unchecked.
config.substitutions.append(
    ("%sarif-multitool", os.path.join(config.lnr_src_root, "tools", "sarif",
                                      "node_modules", ".bin",
                                      "sarif-multitool")))

# The tool linked with mimalloc (not under the sanitizers): its settings
# are tested (tool/Allocator.cpp).
if config.lnr_mimalloc == "ON":
    config.available_features.add("mimalloc")

if os.path.isfile(os.path.join(config.data_dir, "cora.mtx")):
    config.available_features.add("shared-data")
