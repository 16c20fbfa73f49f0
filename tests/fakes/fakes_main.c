/* SPDX-License-Identifier: MIT */
/*
 * fakes_main: ssdbench-fakes, the command line with the test stand-ins installed
 * (fakedrive). Only the tests that simulate a drive run it; everything else runs
 * the shipped ssdbench.
 */
#include "cli.h"
#include "device.h"
#include "fakedrive.h"

int main(int argc, char **argv)
{
	device_set_stand_in(&fakedrive_stand_in);
	return cli_main(argc, argv);
}
