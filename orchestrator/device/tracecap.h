/* SPDX-License-Identifier: MIT */
/*
 * tracecap: a block device's I/O recorded by the kernel's block tracer through tracefs
 * (the blk tracer in binary mode: the records blktrace writes, without debugfs, which
 * kernel lockdown closes). It finds or mounts tracefs, holds it one capture at a time,
 * saves, changes and puts back its settings (and those a killed capture left on, from
 * its state file), switches the device's tracing on and off, copies trace_pipe to a
 * file until a command ends, N seconds pass or SIGINT/SIGTERM comes, and fails on
 * events the kernel lost. It only observes: nothing is written to the device.
 * Every path is under a root ("" for the machine), so tests give a tree of their own.
 */
#ifndef SB_TRACECAP_H
#define SB_TRACECAP_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "diag.h"

/* A capture's request; everything is borrowed. */
struct tracecap_req {
	const char *root;       /* NULL or "" for the machine; else the tree holding
				   sys/kernel/tracing (or sys/kernel/debug/tracing),
				   sys/dev/block/MAJ:MIN/trace/enable and run/ssdbench */
	const char *dev;        /* the block device as the user named it (messages, the
				   state file) */
	dev_t rdev;             /* its device number (tracecap_device()) */
	const char *out;        /* the trace file: written whole, or left as it was */
	char *const *cmd;       /* the command run while recording: ncmd words, then
				   NULL (execvp()'s argv) ... */
	size_t ncmd;
	long long seconds;      /* ... or, ncmd 0, how long to record */
	FILE *info, *warn;      /* what capture says (NULL: stdout) and its notices and
				   warnings (NULL: stderr) */
};

/* What came of a capture. */
struct tracecap_result {
	int status;             /* the command's exit status (128 + N when signal N
				   killed it), -2 when the capture stopped it, -1 when
				   recording for seconds */
	unsigned long long lost; /* events the kernel lost: 0 after a capture that
				    succeeded (a loss fails it) */
};

/*
 * Checks that path is a block device and gives its device number: -SB_ENOENT when
 * it cannot be looked at, -SB_EUSAGE when it is not a block device, d naming it.
 */
int tracecap_device(const char *path, dev_t *rdev, struct diag *d);

/*
 * Records req->dev's block I/O into req->out, then puts tracefs back as it found it
 * (on an error and on SIGINT/SIGTERM too, whose handlers it holds while it runs).
 * Refuses (-SB_EUNSAFE) a tracefs another tool or capture uses and a device already
 * traced, (-SB_EUSAGE) an output on the traced device. Returns 0, or a negative
 * SB_E* code with d set; res is filled either way.
 */
int tracecap_run(const struct tracecap_req *req, struct tracecap_result *res,
		 struct diag *d);

#endif
