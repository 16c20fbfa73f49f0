# SPDX-License-Identifier: MIT
# Tests of report/: the chart model alone, and whole reports rendered to files.
sb_unit_test(test_chart sb_report_model)
sb_unit_test(test_rounds sb_report_model)
sb_unit_test(test_consistency_table sb_report_model)   # #21 consistency
sb_unit_test(test_pagesplit sb_report_model)   # #22 presets
sb_unit_test(test_svgtext sb_report)   # #22 presets
sb_unit_test(test_report sb_report PkgConfig::LIBXML2)
# Leaks inside cairo and fontconfig themselves (see the file); the slow unwinder
# sees through their frames, which lack frame pointers. The other tests run with the
# fast one and tests/lsan-fast.supp (scripts/test): these three keep a leak of a
# cairo or pango object on the rendering paths found.
set_property(TEST test_report APPEND PROPERTY ENVIRONMENT
  "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0:fast_unwind_on_malloc=0")
sb_unit_test(test_chartdraw sb_report PkgConfig::LIBXML2 PkgConfig::ZLIB)
set_property(TEST test_chartdraw APPEND PROPERTY ENVIRONMENT
  "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0:fast_unwind_on_malloc=0")
sb_unit_test(test_i18n sb_report PkgConfig::LIBXML2)
# The sample archive rendered in three languages, twice; every kind of `plot`.
sb_integration_test(report)
set_property(TEST it_report APPEND PROPERTY ENVIRONMENT
  "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0:fast_unwind_on_malloc=0")
sb_unit_test(test_tmpl sb_report)
sb_unit_test(test_lineup sb_report_model)
sb_unit_test(test_lineup_params sb_report_model)  # #22 compare
# The charts a run produces, built without drawing (strings and template only).
sb_unit_test(test_report_scopes sb_report)
# #21 WSAT/HIR: the SNIA WSAT and HIR pages from a model, without drawing.
sb_unit_test(test_snia_wsathir sb_report)
# #21 XSR/DIRTH/ECW: the SNIA XSR and DIRTH pages' values, built without drawing.
sb_unit_test(test_snia_xsrdirth sb_report)
# #22 disp: the dispersion chart's inset, reference lines, score and markers, without drawing.
sb_unit_test(test_disp sb_report)
# An archive with <rounds> scopes, written by mkrounds.sh, in three languages.
sb_integration_test(report_rounds)
# The sample archives made by shipped plans, in three languages.
sb_integration_test(report_samples)
# compare over the committed sample lineup (file, loop, zram; an OP sweep), across
# archives and inside one, in two languages, deltas recomputed from results.csv.
add_test(NAME it_lineup_samples
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/lineup_samples.sh
          $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR})
set_tests_properties(it_lineup_samples PROPERTIES LABELS integration SKIP_RETURN_CODE 77
  TIMEOUT 600 ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
# #22 cover
sb_unit_test(test_cover sb_report)
# #22 disp: a chart's model printed from an archive (test builds only), and the QD
# sweep's charts of a smoke run of testplans/qd-sweep.xml checked with it against fio.json.
add_executable(chart_dump chart_dump.c)
target_link_libraries(chart_dump PRIVATE sb_report sb_flags)
add_test(NAME it_sweep
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/sweep.sh
          $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR} $<TARGET_FILE:chart_dump>)
set_tests_properties(it_sweep PROPERTIES LABELS integration SKIP_RETURN_CODE 77
  TIMEOUT 600 ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")

# #22 labels
# The reviewer wording table in three languages and the labels' choice of language.
sb_unit_test(test_wording sb_report_model)
sb_unit_test(test_wcheck sb_report_model)
sb_unit_test(test_card sb_report_model)
# #23 xlsx: the workbooks of a report and a lineup, read back with openpyxl.
sb_integration_test(xlsx)
sb_integration_test(xlsx_office)
# #23 html: the article bundles of a report and a lineup, parsed with html5lib.
sb_integration_test(html)
# The bundles of a report and a 12-drive lineup in headless Chromium at 700 px: every
# image loads, nothing overflows, no console message.
sb_integration_test(browser)
# Every document kind (report, lineup, plot, trace plot) with every preset and
# format, held to the same size and language rules; --lang fr refused by each.
sb_integration_test(documents)
