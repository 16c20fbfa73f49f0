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
    watchdog_continue lineup rerun telemetry remote remote_lineup remote_ssh remote_lock
    remote_raid hostile_plan hostile_archive series written runlock import_jobs data latency
    continuous duty readme snia_plans snia_header
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
    labels  # #22 labels
    )
  sb_integration_test(${it})
endforeach()
# Runs that write archives share the page cache and the disk: keep them one at a time.
set_tests_properties(it_quick it_options it_failure it_interrupt it_verify it_device
  it_steady it_wsat it_resume it_watchdog_continue it_lineup it_rerun
  it_telemetry it_remote it_remote_lineup it_remote_ssh it_remote_lock it_remote_raid
  it_hostile_plan it_hostile_archive it_series it_written it_runlock it_data it_latency
  it_continuous it_duty it_snia_plans it_snia_header
  it_snia_lattp
  it_snia_wsathir  # #21 WSAT/HIR
  it_consistency  # #21 consistency
  it_snia_xsrdirth  # #21 XSR/DIRTH/ECW
  it_compare_params  # #22 compare
  it_trace_capture  # #24 trace
  it_progress it_cover  # #22 cover
  it_replay  # #24 replay
  it_lang  # #22 lang
  it_sizes  # #22 presets
  it_labels  # #22 labels
  PROPERTIES
  RESOURCE_LOCK fio)
sb_unit_test(test_import sb_orchestrator)
sb_unit_test(test_engine sb_orchestrator)
# #22 cover
sb_unit_test(test_progress sb_orchestrator)
sb_unit_test(test_platform sb_orchestrator)
