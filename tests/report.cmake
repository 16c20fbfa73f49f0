# SPDX-License-Identifier: MIT
# Tests of report/: the chart model alone, and whole reports rendered to files.
sb_unit_test(test_chart sb_chart)
sb_unit_test(test_report sb_report PkgConfig::LIBXML2)
# Leaks inside cairo and fontconfig themselves (see the file); the slow unwinder
# sees through their frames, which lack frame pointers.
set_property(TEST test_report APPEND PROPERTY ENVIRONMENT
  "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0:fast_unwind_on_malloc=0")
