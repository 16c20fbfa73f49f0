/* SPDX-License-Identifier: MIT */
/* cmd_hosts: `ssdbench hosts check`: per bench, fio's server, its fio version and ssh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"
#include "err.h"
#include "fiorun.h"
#include "plan.h"
#include "remote.h"
#include "sbuf.h"
#include "sshcmd.h"
#include "units.h"
#include "version.h"
#include "xalloc.h"

const struct cli_opt cmd_hosts_opts[] = {
	{ "host", 'H', "NAME=ADDRESS[:PORT][,...]", 1, "a bench to check (fio server port "
	  "8765 by default), besides the <host> elements of the plans; ssh settings "
	  "follow the address: ,ssh=DEST ,ssh-port=N ,ssdbench=PATH" },
	{ "ssh", 0, NULL, 0, "fail a host whose ssh does not work too (device steps on "
	  "benches need it; fio workloads do not)" },
	{ "timeout", 0, "SECONDS", 0, "how long to wait for each bench (default 10, or "
	  "SSDBENCH_HOST_TIMEOUT_S)" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

/* Adds the hosts of plan file path to all (a later one of the same name wins). */
static int add_plan_hosts(struct plan *all, const char *path, struct diag *d)
{
	struct plan p;
	int rc;

	plan_init(&p);
	rc = plan_load(&p, path, NULL, 0, d);
	for (size_t i = 0; i < p.nhosts && !rc; i++) {
		const struct plan_host *h = &p.hosts[i];
		struct sbuf spec;

		sbuf_init(&spec);
		sbuf_addf(&spec, strchr(h->address, ':') ? "%s=[%s]:%lld" : "%s=%s:%lld",
			  h->name, h->address, h->port);
		if (h->ssh)
			sbuf_addf(&spec, ",ssh=%s", h->ssh);
		if (h->ssh_port)
			sbuf_addf(&spec, ",ssh-port=%lld", h->ssh_port);
		if (h->ssdbench)
			sbuf_addf(&spec, ",ssdbench=%s", h->ssdbench);
		rc = plan_apply_host(all, spec.buf, d);
		sbuf_release(&spec);
	}
	plan_release(&p);
	return rc;
}

/*
 * ssh to h, in BatchMode, running its ssdbench: "ok: ..." with the version there
 * (it must be this one), or "failed: why". Returns 1 when it fails.
 */
static int check_ssh(const struct plan_host *h, unsigned timeout_s, int need_ssh)
{
	char version[64];
	struct diag d;
	int failed = 1;

	diag_clear(&d);
	printf("  ssh:        ");
	if (sshcmd_version(h, timeout_s, version, sizeof(version), &d))
		printf("failed: %s", d.msg);
	else if (strcmp(version, SSDBENCH_VERSION))
		printf("failed: reached, but the bench runs ssdbench %s and this machine %s: "
		       "device steps need the same version", version, SSDBENCH_VERSION);
	else
		failed = printf("ok: ssdbench %s there, the same version as here",
				version) < 0;
	printf("%s\n", failed && !need_ssh ? " (needed for device steps only)" : "");
	return failed;
}

/* Checks one host, printing what it finds; returns 1 when the host fails. */
static int check_host(const struct plan_host *h, const char *local_fio, unsigned timeout_s,
		      int need_ssh)
{
	char *client = remote_client_arg(h);
	struct remote_probe rp;
	struct diag d;
	int failed = 0, ssh_failed;

	diag_clear(&d);
	if (h->ssh_port)
		printf("host '%s' (fio server %s, ssh %s port %lld)\n", h->name, client,
		       sshcmd_dest(h), h->ssh_port);
	else
		printf("host '%s' (fio server %s, ssh %s)\n", h->name, client, sshcmd_dest(h));
	if (remote_fio_probe(h, timeout_s, &rp, &d)) {
		printf("  fio server: FAILS: %s\n", d.msg);
		failed = 1;
	} else if (!remote_same_minor(rp.fio_version, local_fio)) {
		printf("  fio server: FAILS: answers as '%s' (%s %s) with %s, but this machine "
		       "runs %s: fio's client and server must share major.minor\n",
		       rp.hostname, rp.os, rp.arch, rp.fio_version, local_fio);
		failed = 1;
	} else {
		printf("  fio server: ok: answers as '%s' (%s %s) with %s, the same major.minor "
		       "as this machine's %s\n", rp.hostname, rp.os, rp.arch, rp.fio_version,
		       local_fio);
	}
	ssh_failed = check_ssh(h, timeout_s, need_ssh);
	free(client);
	return failed || (need_ssh && ssh_failed);
}

/* Every host named, in order, with the verdict of each; returns how many failed. */
static size_t check_all(const struct plan *all, unsigned timeout_s, int need_ssh,
			const char *local_fio)
{
	struct sbuf failed;
	size_t nfailed = 0;

	sbuf_init(&failed);
	for (size_t i = 0; i < all->nhosts; i++) {
		if (!check_host(&all->hosts[i], local_fio, timeout_s, need_ssh))
			continue;
		sbuf_addf(&failed, "%s'%s'", nfailed ? ", " : "", all->hosts[i].name);
		nfailed++;
	}
	printf("%zu host%s: %zu ok, %zu failed%s%s\n", all->nhosts, all->nhosts == 1 ? "" : "s",
	       all->nhosts - nfailed, nfailed, nfailed ? ": " : "", failed.buf);
	sbuf_release(&failed);
	return nfailed;
}

int cmd_hosts(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct plan all;
	struct diag d;
	const char *timeout = NULL, *why;
	const char *const *hosts;
	char local_fio[64];
	size_t nhosts;
	long long secs = remote_timeout_s();
	int ex = cli__parse(c, argc, argv, &p), rc = 0;

	if (ex >= 0)
		return ex;
	if (strcmp(p.args[0], "check"))
		return cli__usage(c, "unknown action '%s' (the only one is 'check')", p.args[0]);
	timeout = cli__value(c, &p, "timeout");
	if (timeout && units_parse_int(timeout, 1, 3600, &secs, &why))
		return cli__usage(c, "--timeout '%s': %s", timeout, why);
	if (fiorun_version(local_fio, sizeof(local_fio))) {
		fputs("ssdbench: fio is not installed or not on PATH here: the controller runs "
		      "fio --client\n", stderr);
		return 1;
	}
	diag_clear(&d);
	plan_init(&all);
	for (size_t i = 1; i < p.nargs && !rc; i++)
		rc = add_plan_hosts(&all, p.args[i], &d);
	hosts = cli__list(c, &p, "host", &nhosts);
	for (size_t i = 0; i < nhosts && !rc; i++)
		rc = plan_apply_host(&all, hosts[i], &d);
	if (!rc && !all.nhosts)
		rc = diag_set(&d, -SB_EUSAGE, NULL, 0, 0, "no hosts to check: give a plan with "
			      "<host> elements, or --host NAME=ADDRESS[:PORT]");
	if (!rc)
		ex = check_all(&all, (unsigned)secs, cli__value(c, &p, "ssh") != NULL,
			       local_fio) ? 1 : 0;
	plan_release(&all);
	return rc ? cli__finish(rc, &d) : ex;
}
