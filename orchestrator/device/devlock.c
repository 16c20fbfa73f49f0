/* SPDX-License-Identifier: MIT */
/* devlock: who holds a device's run lock (/proc/locks), and `ssdbench lock`'s lock file. */
#include "devlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "clock.h"
#include "err.h"
#include "sbuf.h"
#include "xalloc.h"

/* The folder a test build put in place of DEVLOCK_DIR, or NULL. */
static const char *lock_dir;

void devlock_set_dir(const char *dir)
{
	lock_dir = dir;
}

char *devlock_file(const char *kname)
{
	return xasprintf("%s/%s.lock", lock_dir && *lock_dir ? lock_dir : DEVLOCK_DIR, kname);
}

/* The pid of the process holding an exclusive flock on path's node, or 0. */
static long flock_holder(const char *path)
{
	FILE *f = fopen("/proc/locks", "r");
	char line[256];
	struct stat st;
	long pid = 0;

	if (!f)
		return 0;
	while (!stat(path, &st) && !pid && fgets(line, sizeof(line), f)) {
		char type[16], mode[16];
		unsigned maj, min;
		unsigned long ino;
		long p;

		/* "1: FLOCK  ADVISORY  WRITE 4242 00:05:93 0 EOF"; "->" lines wait for it. */
		if (strstr(line, "->") ||
		    sscanf(line, "%*d: %15s %*s %15s %ld %x:%x:%lu", type, mode, &p, &maj, &min,
			   &ino) != 6)
			continue;
		if (!strcmp(type, "FLOCK") && !strcmp(mode, "WRITE") &&
		    maj == major(st.st_dev) && min == minor(st.st_dev) && ino == st.st_ino)
			pid = p;
	}
	fclose(f);
	return pid;
}

/* "ssdbench run plan.xml --out x": the command line of pid, its words joined. */
static void cmdline_of(long pid, char *buf, size_t n)
{
	char *p = xasprintf("/proc/%ld/cmdline", pid);
	FILE *f = fopen(p, "r");
	size_t len = f ? fread(buf, 1, n - 1, f) : 0;

	buf[len] = '\0';
	while (len && buf[len - 1] == '\0')
		len--;
	for (size_t i = 0; i < len; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	if (f)
		fclose(f);
	free(p);
}

static const char *str_of(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

void devlock_find(const char *path, const char *kname, struct devlock_holder *h)
{
	char *file = devlock_file(kname), cmd[200];
	json_t *o;

	memset(h, 0, sizeof(*h));
	h->pid = flock_holder(path);
	o = h->pid ? json_load_file(file, 0, NULL) : NULL;
	if (o && json_integer_value(json_object_get(o, "pid")) == h->pid) {
		const char *from = str_of(o, "from");

		h->published = 1;
		snprintf(h->token, sizeof(h->token), "%s", str_of(o, "token"));
		snprintf(h->who, sizeof(h->who), "ssdbench lock (pid %ld, since %s, for '%.200s'%s"
			 "%.60s)", h->pid, str_of(o, "since"), str_of(o, "holder"),
			 *from ? ", ssh from " : "", from);
	} else if (h->pid) {
		cmdline_of(h->pid, cmd, sizeof(cmd));
		snprintf(h->who, sizeof(h->who), "process %ld (%s)", h->pid,
			 cmd[0] ? cmd : "gone");
	}
	json_decref(o);
	free(file);
}

/* A new random token, DEVLOCK_TOKEN_LEN hex digits. */
static int new_token(char *buf, struct diag *d)
{
	unsigned char rnd[DEVLOCK_TOKEN_LEN / 2];

	if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd))
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read random bytes for the lock "
				"token: %s", strerror(errno));
	for (size_t i = 0; i < sizeof(rnd); i++)
		snprintf(buf + 2 * i, 3, "%02x", rnd[i]);
	return 0;
}

int devlock_publish(const char *kname, struct devlock_info *li, struct diag *d)
{
	char *file = devlock_file(kname), *tmp = NULL, *dir = xstrdup(file);
	const char *ssh = getenv("SSH_CONNECTION");
	json_t *o = NULL;
	int rc = li->token[0] ? 0 : new_token(li->token, d);

	li->pid = (long)getpid();
	/* One lock, one time: every device of it records the first one's. */
	if (!li->since[0])
		clock_iso8601((int64_t)time(NULL), li->since, sizeof(li->since));
	snprintf(li->from, sizeof(li->from), "%.*s", ssh ? (int)strcspn(ssh, " ") : 0,
		 ssh ? ssh : "");
	*strrchr(dir, '/') = '\0';
	if (!rc && mkdir(dir, 0700) && errno != EEXIST)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", dir,
			      strerror(errno));
	if (rc)
		goto out;
	o = json_pack("{s:I, s:s, s:s, s:s, s:s, s:I, s:s, s:s}", "pid", (json_int_t)li->pid,
		      "token", li->token, "path", li->path, "identity", li->identity,
		      "holder", li->holder ? li->holder : "", "diskseq", (json_int_t)li->diskseq,
		      "since", li->since, "from", li->from);
	tmp = xasprintf("%s.%ld", file, li->pid);
	/* Written whole, then renamed: a reader sees the old file or the new one. */
	if (!o || json_dump_file(o, tmp, JSON_PRESERVE_ORDER) || chmod(tmp, 0600) ||
	    rename(tmp, file)) {
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write the lock file '%s': %s",
			      file, strerror(errno));
		unlink(tmp);
	}
out:
	json_decref(o);
	free(tmp);
	free(dir);
	free(file);
	return rc;
}

void devlock_unpublish(const char *kname)
{
	char *file = devlock_file(kname);
	json_t *o = json_load_file(file, 0, NULL);

	if (o && json_integer_value(json_object_get(o, "pid")) == (json_int_t)getpid())
		unlink(file);
	json_decref(o);
	free(file);
}
