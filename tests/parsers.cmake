# SPDX-License-Identifier: MIT
# Unit tests for parsers/: golden values from the real fio outputs in samples/.
sb_unit_test(test_fiojson sb_parsers)
sb_unit_test(test_fiolog sb_parsers)
sb_unit_test(test_archive sb_parsers)
