/* SPDX-License-Identifier: MIT */
/* main: hands the command line to cli_main. */
#include "cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
