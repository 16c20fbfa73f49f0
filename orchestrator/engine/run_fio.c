/* SPDX-License-Identifier: MIT */
/*
 * run_fio: the fio the product runs (fiorun.h), as the ops the engine calls fio
 * through; tests install a fake that writes canned reports instead.
 */
#include "run_int.h"

#include "fiorun.h"

const struct run_fio_ops run__fio_real = {
	fiorun_version, fiorun_probe_engine, fiorun_write_jobfile, fiorun_exec,
	fiorun_kill_leftovers, fiorun_error_text, fiorun_job_error, fiorun_nospace,
};
