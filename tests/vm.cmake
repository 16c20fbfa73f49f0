# SPDX-License-Identifier: MIT
# ssdbench live in a QEMU VM over emulated NVMe and SATA controllers and real md
# (tests/vm/, tests/integration/vm_devices.sh). Skipped without qemu-system-x86_64
# or Debian's kernel package; the kernel is cached in the build folder's vm-cache/.
# It takes one slot and starts first (COST): its TCG guest keeps about one core and
# a quarter busy for five minutes, and the normal phase's other tests run on beside
# it instead of after it (every test holds on a loaded machine).
add_test(NAME it_vm_devices
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/vm_devices.sh
          $<TARGET_FILE:ssdbench> ${CMAKE_SOURCE_DIR})
set_tests_properties(it_vm_devices PROPERTIES LABELS "vm;integration" SKIP_RETURN_CODE 77
  TIMEOUT 1500 COST 1000
  ENVIRONMENT "SSDBENCH_VM_CACHE=${CMAKE_BINARY_DIR}/vm-cache")
