/* SPDX-License-Identifier: MIT */
/* cli: the ssdbench command line, dispatched from one table of commands. */
#ifndef SB_CLI_H
#define SB_CLI_H

/* Runs ssdbench; returns the exit code: 0 ok, 1 failure, 2 usage or input error. */
int cli_main(int argc, char **argv);

#endif
