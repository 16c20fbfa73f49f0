# SPDX-License-Identifier: MIT
# libFuzzer targets (tests/fuzz/), built with -DSSDBENCH_FUZZ=ON and clang. Each runs
# as a ctest labelled "fuzz": a short bounded campaign over its seed corpus, plus one
# pass over the inputs that once crashed it (tests/fuzz/regressions/NAME/).
if(NOT SSDBENCH_FUZZ)
  return()
endif()

set(SSDBENCH_FUZZ_SECONDS 15 CACHE STRING "Seconds each fuzz target runs under ctest")
set(SSDBENCH_FUZZ_RUNS 5000000 CACHE STRING "At most this many inputs per fuzz target under ctest")

add_library(sb_fuzz_util STATIC fuzz/fuzz_util.c)
target_link_libraries(sb_fuzz_util PUBLIC sb_flags)
target_compile_options(sb_fuzz_util PRIVATE -Werror)
add_custom_target(fuzz_all)

# sb_fuzz_target(NAME LIB): tests/fuzz/fuzz_NAME.c linked against LIB.
function(sb_fuzz_target name lib)
  set(t fuzz_${name})
  set(work ${CMAKE_BINARY_DIR}/fuzz/${name})
  set(seeds ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${name})
  set(regress ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/regressions/${name})
  file(MAKE_DIRECTORY ${work}/corpus ${work}/artifacts)
  add_executable(${t} fuzz/${t}.c)
  target_link_libraries(${t} PRIVATE ${lib} sb_fuzz_util sb_flags)
  # The targets are warning-free under clang; the libraries follow SSDBENCH_WERROR.
  target_compile_options(${t} PRIVATE -Werror)
  target_link_options(${t} PRIVATE -fsanitize=fuzzer)
  add_dependencies(fuzz_all ${t})
  # New inputs go to the build tree's corpus (first dir); the seeds are only read.
  add_test(NAME ${t} COMMAND ${t} -max_total_time=${SSDBENCH_FUZZ_SECONDS}
           -runs=${SSDBENCH_FUZZ_RUNS} -timeout=10 -rss_limit_mb=2048 -max_len=65536
           -print_final_stats=1 -artifact_prefix=${work}/artifacts/
           ${work}/corpus ${seeds})
  set_tests_properties(${t} PROPERTIES LABELS fuzz
    TIMEOUT 300 ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
  # Given files rather than folders, libFuzzer runs each once and stops.
  file(GLOB inputs CONFIGURE_DEPENDS ${regress}/*)
  if(inputs)
    add_test(NAME ${t}_regressions COMMAND ${t} ${inputs})
    set_tests_properties(${t}_regressions PROPERTIES LABELS fuzz TIMEOUT 120)
  endif()
endfunction()

sb_fuzz_target(plan sb_orchestrator)
sb_fuzz_target(fiojson sb_parsers)
sb_fuzz_target(fiolog sb_parsers)
sb_fuzz_target(archive sb_parsers)
sb_fuzz_target(units sb_common)
sb_fuzz_target(tmpl sb_report)
sb_fuzz_target(probe sb_orchestrator)
sb_fuzz_target(fiotext sb_orchestrator)
sb_fuzz_target(import sb_orchestrator)
sb_fuzz_target(toolimport sb_orchestrator)  # CrystalDiskMark, KDiskMark, DiskSpd
sb_fuzz_target(cdmtext sb_parsers)
sb_fuzz_target(diskspd sb_parsers)
sb_fuzz_target(archive_tree sb_orchestrator)
sb_fuzz_target(fiostatus sb_parsers)
# #24 trace
sb_fuzz_target(blktrace sb_parsers)
