/* SPDX-License-Identifier: MIT */
/* interlock: the checks that must all pass before ssdbench destroys data on a device. */
#ifndef SB_INTERLOCK_H
#define SB_INTERLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "device.h"
#include "diag.h"

#define INTERLOCK_MAX_ROWS 16

/* What the system says about a device; gathered by interlock_gather(), or by hand in tests. */
struct interlock_facts {
	int is_block, is_partition, is_file;
	char kname[64];
	char identity[128];        /* device_identity(); "" = cannot be confirmed */
	char root_disk[64];        /* kernel name of the disk holding "/" ("" unknown) */
	char mounted_at[512];      /* a mount point of the disk or a partition, "" none */
	char swap[512];            /* a swap area on it, "" none */
	char holder[64];           /* a holders/ entry, "" none */
	long opener_pid;           /* another process with it open, 0 none */
	long lock_pid;             /* the process holding its run lock (flock), 0 none */
	int lock_ours;             /* that is this process, or the --lock-token's holder */
	int token_given;           /* a --lock-token was given: the lock must be held */
	char lock_who[400];        /* devlock's account of the holder */
	int excl_errno;            /* 0 when a non-blocking O_EXCL open succeeded */
	char signatures[256];      /* "dos partition table", "ext4 filesystem", "" none */
	char what[300];            /* "loop3 (64 MiB, backing /tmp/x.img)" for the report */
};

struct interlock_row {
	char name[32];             /* "whole disk", "root disk", ... */
	int pass;
	char detail[512];
};

struct interlock_report {
	struct interlock_row rows[INTERLOCK_MAX_ROWS];
	size_t nrows;
	int refused;               /* some row failed */
	char first_failure[600];   /* the first failing row, as a message */
	char what[300];            /* copied from facts */
	uint64_t diskseq;          /* set by interlock_check(): changes with the medium */
};

/*
 * Fills f from the running system; read-only apart from a transient O_EXCL open.
 * token (NULL: none) is a run's --lock-token: the process holding the device's
 * lock under that token is the run's own, not another user of the device.
 */
void interlock_gather(const struct device_info *di, const char *token,
		      struct interlock_facts *f);
/*
 * Decides from facts alone. destroy_ids[0..n) are the --destroy values given; one
 * must equal the identity. Pure: no system access, so tests feed it synthetic facts.
 */
void interlock_decide(const struct interlock_facts *f, const char *const *destroy_ids,
		      size_t n, struct interlock_report *r);
/*
 * Gathers and decides for device dev. Returns 0 when every check passed,
 * -SB_EUNSAFE with d set to the first failure otherwise (r holds every row).
 */
int interlock_check(const char *dev, const char *const *destroy_ids, size_t n,
		    struct interlock_report *r, struct diag *d);
/* The same for a run whose lock is held by another process under token (--lock-token). */
int interlock_check_token(const char *dev, const char *const *destroy_ids, size_t n,
			  const char *token, struct interlock_report *r, struct diag *d);
/* Prints every row as "PASS name: detail" / "FAIL name: detail". */
void interlock_print(const struct interlock_report *r, FILE *out);
/*
 * Takes an exclusive flock on dev for the run, so two runs cannot share a drive.
 * *fd receives the descriptor to close at the end. Returns 0, or -SB_EUNSAFE with
 * d naming the holder.
 */
int interlock_lock(const char *dev, int *fd, struct diag *d);

#endif
