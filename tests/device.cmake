# SPDX-License-Identifier: MIT
# The device layer: decoders, OP, RAID sequence, interlock decisions (unit), and real
# loop/zram devices the tests create themselves (integration, root only, else skipped).
sb_unit_test(test_device sb_orchestrator)
sb_unit_test(test_wcache sb_orchestrator)
# trace capture's mechanism over a fake tracefs: no root, no kernel tracer.
sb_unit_test(test_tracecap sb_device)

foreach(it device_refuse device_purge device_op device_probe device_resume device_fill_resume device_raid
           device_raid_fake device_raid_cmd device_hwop device_wcache quiesce seeds purge_methods)
  # The tests that simulate a drive, md or the lock files' folder run the test build
  # with the stand-ins in (tests/fakes).
  set(bin ssdbench)
  if(it MATCHES "^(device_hwop|device_wcache|device_raid|device_raid_fake|device_raid_cmd)$")
    set(bin ssdbench-fakes)
  endif()
  add_test(NAME it_${it}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/${it}.sh
            $<TARGET_FILE:${bin}> ${CMAKE_SOURCE_DIR})
  set_tests_properties(it_${it} PROPERTIES LABELS integration SKIP_RETURN_CODE 77
    TIMEOUT 600 ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
endforeach()
