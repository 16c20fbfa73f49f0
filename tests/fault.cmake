# SPDX-License-Identifier: MIT
# Fault injection (issue 10): fio killed, hung (watchdog), missing or too old; the
# archive on a full filesystem; damaged fio.json; a loop device detached mid-run.
# Each test asserts the message, the exit code and the archive of what finished.
sb_unit_test(test_fiorun sb_orchestrator)
# clang-tidy findings fixed in parsers/archive_files.c (qsort, bsearch on empty lists).
sb_unit_test(test_archive_files sb_parsers)

foreach(it sigkill watchdog nofio oldfio fullfs badjson badjson_run loopdetach xml bigstdout)
  add_test(NAME fault_${it}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/fault_${it}.sh
            $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR})
  set_tests_properties(fault_${it} PROPERTIES LABELS integration SKIP_RETURN_CODE 77
    TIMEOUT 600 ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
endforeach()
# The output filesystem fills up mid-run: what finished stays consistent (results.csv
# is saved before the manifest that lists its SHA-256).
add_test(NAME fault_fullfs_mid
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/fault_fullfs_mid.sh
          $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR})
set_tests_properties(fault_fullfs_mid PROPERTIES LABELS integration SKIP_RETURN_CODE 77
  TIMEOUT 600
  ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
