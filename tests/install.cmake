# SPDX-License-Identifier: MIT
# #25 install: what `cmake --install` lays out, run from elsewhere; the .deb.
add_test(NAME it_install
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/install.sh
          $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR})
set_tests_properties(it_install PROPERTIES LABELS integration SKIP_RETURN_CODE 77
  TIMEOUT 120 ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
# cpack -G DEB, its Depends and Recommends, and the package unpacked into a scratch root.
add_test(NAME it_deb
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/deb.sh
          $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR})
set_tests_properties(it_deb PROPERTIES LABELS integration TIMEOUT 180
  ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
# SHA-256 from nettle: the sample archives written before still verify.
add_test(NAME it_verify_samples
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/verify_samples.sh
          $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR})
set_tests_properties(it_verify_samples PROPERTIES LABELS integration TIMEOUT 120
  ENVIRONMENT "SSDBENCH_DATADIR=${CMAKE_SOURCE_DIR}")
# scripts/setup --list runtime|test: the demo's set has no test tools, and every library.
add_test(NAME it_setup_sets
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/setup_sets.sh
          $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR})
set_tests_properties(it_setup_sets PROPERTIES LABELS integration TIMEOUT 60)
