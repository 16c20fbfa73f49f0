# SPDX-License-Identifier: MIT
# More readers of outside input under valgrind (no leaks, no invalid reads), next to
# parsers.cmake's fio JSON, fio log and archive tests: plans (XML, includes, sweeps),
# report templates and string tables, the probe's page decoders, archive verify.
find_program(VALGRIND valgrind)
if(NOT VALGRIND OR SSDBENCH_ASAN OR SSDBENCH_UBSAN OR SSDBENCH_FUZZ)
  return()
endif()
foreach(t test_plan test_plan_corpus test_tmpl test_i18n test_device test_archive_files
    test_engine)
  add_test(NAME valgrind_${t}
    COMMAND ${VALGRIND} --quiet --leak-check=full --show-leak-kinds=definite,indirect
            --errors-for-leak-kinds=definite,indirect --error-exitcode=1
            --trace-children=no $<TARGET_FILE:${t}>)
  set_tests_properties(valgrind_${t} PROPERTIES LABELS "unit;valgrind" TIMEOUT 600
    ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
endforeach()
