/* SPDX-License-Identifier: MIT */
/*
 * run_opts: what the command line asks of a run. A header of its own, below every
 * engine file that reads it (guard, RAID, capacity change), so none includes run.h.
 */
#ifndef SB_RUN_OPTS_H
#define SB_RUN_OPTS_H

#include <stddef.h>

struct run_opts {
	const char *plan_path;
	const char *const *targets;  /* "NAME=SPEC" overrides, SPEC = /dev/X or file:PATH[,size=S] */
	size_t ntargets;
	const char *const *sets;     /* "NAME=VALUE" variable overrides */
	size_t nsets;
	const char *const *hosts;    /* "NAME=ADDRESS[:PORT]": benches targets may name */
	size_t nhosts;
	const char *out_dir;         /* NULL: out/<plan name> */
	int force;                   /* replace an existing archive in out_dir */
	int tty;                     /* live progress on stderr */
	const char *const *destroy;  /* --destroy IDs: serials, kernel names (loop, zram) */
	size_t ndestroy;
	int dry_run;                 /* print checks, purge and job files; touch nothing */
	const char *op;              /* software over-provisioning "28%", or NULL */
	const char *purge;           /* purge method before the first step, or NULL */
	int allow_capacity_change;   /* <op method="hpa"|"namespace"> may resize the drive */
	int quiet;                   /* no progress lines, only errors and the report */
	const char *rerun_of;        /* the archive this run repeats (rerun), or NULL */
	const char *confined_to;     /* an archive (rerun's source, resume's own): the plan
					only from its plan/, targets and hosts only from the
					command line, or NULL */
	const char *langs;           /* the report's languages, "en,zh-CN"
					(checked), or NULL: zh-TW */
	const char *own_file;        /* a file target an earlier pass of this pass set
					created (passes.c): the run's own, or NULL */
};

#endif
