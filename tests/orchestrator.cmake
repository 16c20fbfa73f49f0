# SPDX-License-Identifier: MIT
sb_unit_test(test_plan sb_orchestrator)
sb_unit_test(test_cli sb_orchestrator)
