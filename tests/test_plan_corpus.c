/* SPDX-License-Identifier: MIT */
/*
 * The broken-plan corpus: every file in tests/plans/bad/ fails to load with exactly
 * this FILE:LINE:COL and message. Locations were worked out by hand from the files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "err.h"
#include "plan.h"

#define BAD SB_SOURCE_DIR "/tests/plans/bad/"

struct bad_plan {
	const char *file;     /* in tests/plans/bad/ */
	const char *at;       /* the file the error names, when another (includes) */
	int line, col;        /* 0 = no position: an error about the whole file */
	const char *msg;      /* the whole message starts with this */
};

static const struct bad_plan corpus[] = {
	{ "xml-unclosed.xml", NULL, 4, 8, "opening and ending tag mismatch: workload line 3 "
	  "and plan" },
	{ "xml-bad-attr-quote.xml", NULL, 2, 3, "unescaped '<' not allowed in attributes "
	  "values" },
	{ "doctype.xml", NULL, 2, 1, "a DOCTYPE or ENTITY declaration is not allowed" },
	{ "entity-bomb.xml", NULL, 2, 1, "a DOCTYPE or ENTITY declaration is not allowed" },
	{ "xxe.xml", NULL, 1, 1, "a DOCTYPE or ENTITY declaration is not allowed" },
	{ "wrong-root.xml", NULL, 1, 1, "the root element must be <plan>, not <plna>" },
	{ "unknown-element.xml", NULL, 3, 3, "unknown element <worklaod> in <plan> (did "
	  "you mean <workload>?)" },
	{ "element-misplaced.xml", NULL, 4, 5, "<purge> is not allowed inside <rounds>" },
	{ "unknown-attribute.xml", NULL, 3, 32, "unknown attribute 'iodepht' on <workload> "
	  "(did you mean 'iodepth'?)" },
	{ "missing-attribute.xml", NULL, 3, 3, "<workload> needs the attribute 'rw'" },
	{ "bad-size-unit.xml", NULL, 3, 36, "invalid size '4q' for bs: unknown size unit" },
	{ "decimal-bs.xml", NULL, 3, 36, "bs 4000 is not a multiple of 512, which direct "
	  "I/O needs" },
	{ "bad-time-unit.xml", NULL, 3, 41, "invalid time '5mins' for runtime: unknown "
	  "time unit" },
	{ "bad-amount.xml", NULL, 3, 37, "invalid amount '-2x' for amount" },
	{ "bad-percent.xml", NULL, 3, 25, "invalid percent '28' (write a percentage such "
	  "as '20%')" },
	{ "bad-enum.xml", NULL, 3, 27, "invalid method 'sanitise'" },
	{ "out-of-range.xml", NULL, 3, 45, "invalid rwmixread '101': out of range (0 to "
	  "100)" },
	{ "undefined-variable.xml", NULL, 3, 41, "undefined variable 'rutnime'" },
	{ "variable-twice.xml", NULL, 3, 14, "variable 'rt' is defined twice" },
	{ "include-cycle.xml", "cycle-b.frag", 2, 18, "include cycle: " },
	{ "include-missing.xml", NULL, 3, 18, "cannot read included file" },
	{ "include-not-fragment.xml", "not-fragment.frag", 1, 1, "an included file's root "
	  "must be <fragment>, not <plan>" },
	{ "sweep-unused-var.xml", NULL, 4, 23, "undefined variable 'bs'" },
	{ "sweep-not-used.xml", NULL, 3, 15, "sweep variable 'qd' is not used by any step "
	  "inside the sweep" },
	{ "sweep-dup-names.xml", NULL, 4, 21, "step name 'a' is used twice (inside a sweep" },
	{ "fio-typo.xml", NULL, 4, 18, "fio has no option 'zonemod' (did you mean "
	  "'zonemode'?)" },
	{ "fio-reserved.xml", NULL, 4, 18, "fio option 'filename' is set by ssdbench itself" },
	{ "fio-exec-prerun.xml", NULL, 4, 18, "fio option 'exec_prerun' runs a command" },
	{ "point-no-from.xml", NULL, 3, 41, "'point' and 'from' go together" },
	{ "point-from-unknown.xml", NULL, 8, 57, "from 'dvv' names no <rounds> scope" },
	{ "point-from-later.xml", NULL, 3, 57, "<rounds> 'dv' must end before this step" },
	{ "point-no-cells.xml", NULL, 6, 57, "<rounds> 'dv' has no <sweep> of workloads" },
	{ "null-in-rounds.xml", NULL, 4, 62, "fio's null engine writes nothing: not in "
	  "<rounds> 'ss'" },
	{ "null-precondition.xml", NULL, 3, 51, "invalid ioengine 'null'" },
	{ "point-iodepth.xml", NULL, 8, 61, "iodepth is the max-iops cell's, chosen at run "
	  "time: leave it out" },
	{ "fio-exec-postrun.xml", NULL, 4, 18, "fio option 'exec_postrun' runs a command" },
	{ "fio-read-iolog.xml", NULL, 4, 18, "fio option 'read_iolog' names or touches files, devices or system state beyond the target" },
	{ "fio-replay-redirect.xml", NULL, 4, 18, "fio option 'replay_redirect' names or touches files, devices or system state beyond the target" },
	{ "fio-opendir.xml", NULL, 4, 18, "fio option 'opendir' names or touches files, devices or system state beyond the target" },
	{ "fio-write-iolog.xml", NULL, 4, 18, "fio option 'write_iolog' names or touches files, devices or system state beyond the target" },
	{ "fio-unlink.xml", NULL, 4, 18, "fio option 'unlink' names or touches files, devices or system state beyond the target" },
	{ "fio-ioscheduler.xml", NULL, 4, 18, "fio option 'ioscheduler' names or touches files, devices or system state beyond the target" },
	{ "fio-mem-mmap.xml", NULL, 4, 30, "fio option 'mem' names a file with ':PATH'" },
	{ "fio-pattern-file.xml", NULL, 4, 41, "fio option 'buffer_pattern' reads a file "
	  "named in quotes" },
	{ "fio-value-comment.xml", NULL, 4, 38, "fio value '990 PRO; 2TB' holds ';', '#' or "
	  "a line break" },
	{ "bssplit-comment.xml", NULL, 3, 45, "bssplit '4k/50:8k/50 # mix' holds ';', '#' "
	  "or a line break" },
	{ "fio-typed.xml", NULL, 4, 18, "'iodepth' is an attribute of <workload>" },
	{ "data-plan.xml", NULL, 1, 22, "invalid data 'bogus' (random, zero, or "
	  "compressible:N% with N from 1 to 99)" },
	{ "data-step.xml", NULL, 3, 39, "invalid data 'compressible:100%'" },
	{ "no-target.xml", NULL, 0, 0, "the plan has no <target>" },
	{ "unknown-target.xml", NULL, 3, 40, "no target named 'ssd'" },
	{ "destructive-no-target.xml", NULL, 4, 3, "<purge> needs 'target': the plan has 2 "
	  "targets" },
	{ "file-target-no-size.xml", NULL, 2, 3, "file target 'dut' needs a 'size'" },
	{ "rounds-no-track.xml", NULL, 3, 3, "<rounds until=\"steady\"> needs at least one "
	  "<track>" },
	{ "track-unknown-element.xml", NULL, 3, 3, "<track element=\"b\"> (line 4) names no "
	  "workload inside <rounds> 'ss'" },
	{ "duty-two-steps.xml", NULL, 3, 3, "<duty-cycle> holds exactly one <workload>" },
	{ "raid-one-member.xml", NULL, 3, 28, "a RAID 0 needs at least 2 members" },
	{ "set-text.xml", NULL, 3, 3, "unexpected text inside <workload>" },
	/* no '$' reaches fio, once the plan's own ${var}s are substituted */
	{ "dollar-fio-value.xml", NULL, 5, 30, "attribute 'value' holds '$' once variables "
	  "are substituted ('mmap${X}'): fio would replace ${...} with its environment" },
	{ "dollar-file.xml", NULL, 3, 28, "attribute 'file' holds '$' once variables are "
	  "substituted ('${X}dev/loop2')" },
	{ "dollar-trace.xml", NULL, 4, 27, "attribute 'trace' holds '$' once variables are "
	  "substituted ('${X}/t.blktrace')" },
	{ "dollar-label.xml", NULL, 3, 55, "attribute 'label' holds '$' once variables are "
	  "substituted ('drive ${HOME}')" },
	{ "dollar-label-text.xml", NULL, 5, 5, "<label> holds '$' once variables are "
	  "substituted ('${HOME}')" },
	{ "dollar-title.xml", NULL, 1, 23, "attribute 'title' holds '$' once variables are "
	  "substituted ('Run by ${HOME}')" },
	/* a plan's file target stays inside the archive folder */
	{ "file-target-absolute.xml", NULL, 2, 28, "file target '/etc/cron.d/ssdbench' must "
	  "be a relative path without '..' (it is kept inside the run's archive folder); "
	  "give any other path with --target dut=[HOST:]file:PATH,size=SIZE" },
	{ "file-target-dotdot.xml", NULL, 2, 28, "file target 'sub/../../../etc/cron.d/"
	  "ssdbench' must be a relative path without '..'" },
	{ "device-dotdot.xml", NULL, 2, 30, "device '/dev/../etc/passwd' is not under /dev/ "
	  "(it is '/etc/passwd')" },
	/* names become folders */
	{ "name-dot.xml", NULL, 1, 13, "invalid name '.' (use letters, digits, '.', '_' and "
	  "'-', not starting with '.')" },
	{ "name-dotdot.xml", NULL, 1, 13, "invalid name '..' (use letters" },
	{ "name-hidden-scope.xml", NULL, 3, 17, "invalid name '.hidden' (use letters" },
	{ "name-dotdot-step.xml", NULL, 3, 19, "invalid name '..' (use letters" },
};

static void test_corpus(void **state)
{
	int failures = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(corpus) / sizeof(corpus[0]); i++) {
		const struct bad_plan *b = &corpus[i];
		char path[512], at[512];
		struct plan p;
		struct diag d;
		int rc;

		snprintf(path, sizeof(path), BAD "%s", b->file);
		snprintf(at, sizeof(at), BAD "%s", b->at ? b->at : b->file);
		plan_init(&p);
		diag_clear(&d);
		rc = plan_load(&p, path, NULL, 0, &d);
		if (rc != -SB_EPARSE || strcmp(d.file, at) || d.line != b->line ||
		    d.col != b->col || strncmp(d.msg, b->msg, strlen(b->msg))) {
			fprintf(stderr, "%s: got rc %d %s:%d:%d '%s'\n", b->file, rc, d.file,
				d.line, d.col, d.msg);
			failures++;
		}
		plan_release(&p);
	}
	assert_int_equal(failures, 0);
	assert_true(sizeof(corpus) / sizeof(corpus[0]) >= 25);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
