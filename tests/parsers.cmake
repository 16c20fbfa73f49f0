# SPDX-License-Identifier: MIT
# Unit tests for parsers/: golden values from the real fio outputs in samples/.
sb_unit_test(test_fiojson sb_parsers)
sb_unit_test(test_fiolog sb_parsers)
sb_unit_test(test_archive sb_parsers)
sb_unit_test(test_archive_fields sb_parsers)
sb_unit_test(test_fiostatus sb_parsers)
sb_unit_test(test_cdmtext sb_parsers)   # CrystalDiskMark and KDiskMark text
sb_unit_test(test_diskspd sb_parsers)   # DiskSpd XML and text
# #24 trace
sb_unit_test(test_blktrace sb_parsers)

# The parsers read outside input: run their tests under valgrind too (no leaks,
# no invalid reads). Not in sanitizer builds, which valgrind cannot run.
find_program(VALGRIND valgrind)
if(VALGRIND AND NOT SSDBENCH_ASAN AND NOT SSDBENCH_UBSAN)
  foreach(t test_fiojson test_fiolog test_archive test_archive_fields test_fiostatus
      test_cdmtext test_diskspd)
    add_test(NAME valgrind_${t}
      COMMAND ${VALGRIND} --quiet --leak-check=full --show-leak-kinds=definite,indirect
              --errors-for-leak-kinds=definite,indirect --error-exitcode=1 $<TARGET_FILE:${t}>)
    set_tests_properties(valgrind_${t} PROPERTIES LABELS "unit;valgrind")
  endforeach()
endif()

# #24 trace
if(VALGRIND AND NOT SSDBENCH_ASAN AND NOT SSDBENCH_UBSAN)
  add_test(NAME valgrind_test_blktrace
    COMMAND ${VALGRIND} --quiet --leak-check=full --show-leak-kinds=definite,indirect
            --errors-for-leak-kinds=definite,indirect --error-exitcode=1
            $<TARGET_FILE:test_blktrace>)
  set_tests_properties(valgrind_test_blktrace PROPERTIES LABELS "unit;valgrind")
endif()
