/* SPDX-License-Identifier: MIT */
/*
 * fakes_main: ssdbench-fakes, the command line with the test stand-ins installed:
 * the fake drive (fakedrive), and md's folder and status, and the lock files' folder,
 * moved where a test plays them. Only the tests that simulate a drive, md or another
 * run's locks run it; everything else runs the shipped ssdbench, which reads none of
 * these variables.
 *   SSDBENCH_MD_DIR    the folder in place of /dev/md (tests/integration/fake/mdadm
 *                      links its arrays there)
 *   SSDBENCH_MDSTAT    the file in place of /proc/mdstat (the fake mdadm writes it)
 *   SSDBENCH_LOCK_DIR  the folder in place of /run/ssdbench for the lock files
 *   SSDBENCH_FAKE_DRIVE the fake drive's state file (fakedrive.h)
 */
#include <stdlib.h>

#include "cli.h"
#include "device.h"
#include "devlock.h"
#include "fakedrive.h"
#include "run_raid.h"

int main(int argc, char **argv)
{
	struct run_raid_paths md = { getenv("SSDBENCH_MD_DIR"), getenv("SSDBENCH_MDSTAT") };

	device_set_stand_in(&fakedrive_stand_in);
	run_raid_set_paths(&md);
	devlock_set_dir(getenv("SSDBENCH_LOCK_DIR"));
	return cli_main(argc, argv);
}
