# SPDX-License-Identifier: MIT
sb_unit_test(test_plan sb_orchestrator)
sb_unit_test(test_cli sb_orchestrator)
sb_unit_test(test_plan_corpus sb_orchestrator)
sb_unit_test(test_plan_limits sb_orchestrator)
sb_unit_test(test_journal sb_orchestrator)
sb_unit_test(test_remote sb_orchestrator)
sb_unit_test(test_fioopt sb_orchestrator)
sb_unit_test(test_replay sb_orchestrator)  # #24 replay

# Integration tests: real fio runs on small files and loop devices (see tests/integration/).
foreach(it cli plans quick options failure interrupt verify device steady wsat resume
    watchdog_continue lineup rerun telemetry remote remote_lineup remote_ssh
    hostile_plan hostile_archive series written runlock import_jobs data latency
    continuous continuous_load duty readme snia_smoke snia_plans snia_header
    snia_lattp
    snia_wsathir  # #21 WSAT/HIR
    consistency  # #21 consistency
    snia_xsrdirth  # #21 XSR/DIRTH/ECW
    compare_params  # #22 compare
    trace_capture  # #24 trace
    progress cover  # #22 cover
    replay  # #24 replay
    lang  # #22 lang
    sizes  # #22 presets
    passes  # repeated passes, their statistics, lineups that know the noise
    labels  # #22 labels
    wording  # the wording check over quick.xml and the SNIA smoke archives
    card  # the result card and a lineup's grid
    )
  sb_integration_test(${it})
endforeach()
# md and the lock files where the test plays them: the test build (tests/fakes).
sb_integration_test(remote_lock ssdbench-fakes)
sb_integration_test(remote_raid ssdbench-fakes)
# The SNIA XSR/DIRTH/ECW smoke runs, made once for the tests that read them.
set(snia_smoke ${CMAKE_BINARY_DIR}/tests/snia-smoke)
set_tests_properties(it_snia_smoke PROPERTIES FIXTURES_SETUP snia_smoke TIMEOUT 1500
  ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR};SNIA_SMOKE=${snia_smoke}")
set_tests_properties(it_snia_plans it_snia_xsrdirth it_wording PROPERTIES FIXTURES_REQUIRED snia_smoke
  ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR};SNIA_SMOKE=${snia_smoke}")
sb_unit_test(test_import sb_orchestrator)
sb_unit_test(test_engine sb_orchestrator)
# #22 cover
sb_unit_test(test_progress sb_orchestrator)
sb_unit_test(test_platform sb_orchestrator)
# The engine's modules, one file each, through their seams (a fake fio, a fake mdadm
# runner; plans and regular-file targets the test writes).
sb_unit_test(test_run_cont sb_orchestrator)
sb_unit_test(test_run_raid sb_orchestrator)
sb_unit_test(test_run_setup sb_orchestrator)
sb_unit_test(test_check sb_orchestrator)
# Other tools' results: CrystalDiskMark and KDiskMark text (tests/data/import/).
sb_integration_test(import_tools)
