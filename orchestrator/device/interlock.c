/* SPDX-License-Identifier: MIT */
/* interlock: gathers what the system says about a device and decides whether it may be destroyed. */
#include "interlock.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <blkid.h>

#include "devlock.h"
#include "err.h"
#include "sbuf.h"
#include "units.h"
#include "xalloc.h"

/* The kernel name of the whole disk that holds device maj:min ("" if not a disk). */
static void whole_disk_of(unsigned maj, unsigned min, char *buf, size_t n)
{
	char sys[64], real[PATH_MAX], *slash;
	char part[PATH_MAX + 16];

	buf[0] = '\0';
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", maj, min);
	if (!realpath(sys, real))
		return;
	snprintf(part, sizeof(part), "%s/partition", real);
	if (!access(part, F_OK) && (slash = strrchr(real, '/')))
		*slash = '\0';
	slash = strrchr(real, '/');
	snprintf(buf, n, "%s", slash ? slash + 1 : "");
}

/* Whole disk of a path naming a block device ("" otherwise). */
static void whole_disk_of_path(const char *path, char *buf, size_t n)
{
	struct stat st;

	buf[0] = '\0';
	if (!stat(path, &st) && S_ISBLK(st.st_mode))
		whole_disk_of(major(st.st_rdev), minor(st.st_rdev), buf, n);
}

/* Unescapes mountinfo's octal escapes (\040 for a space) in place. */
static void unescape(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] && s[3]) {
			*w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
}

/* One mountinfo line: the disk its device is on, by MAJ:MIN or by source path. */
static void mount_disk(char *line, char *mnt, size_t mntn, char *disk, size_t diskn)
{
	unsigned maj = 0, min = 0;
	char *sep = strstr(line, " - "), *f[6] = { NULL };
	char *save = NULL, *src = NULL;
	int i = 0;

	disk[0] = mnt[0] = '\0';
	for (char *t = strtok_r(line, " ", &save); t && i < 6; t = strtok_r(NULL, " ", &save))
		f[i++] = t;
	if (i < 5 || !sep || sscanf(f[2], "%u:%u", &maj, &min) != 2)
		return;
	unescape(f[4]);
	snprintf(mnt, mntn, "%s", f[4]);
	if (maj)
		whole_disk_of(maj, min, disk, diskn);
	if (!disk[0]) {
		save = NULL;
		strtok_r(sep + 3, " ", &save);
		src = strtok_r(NULL, " \n", &save);
		if (src && !strncmp(src, "/dev/", 5)) {
			unescape(src);
			whole_disk_of_path(src, disk, diskn);
		}
	}
}

/* Finds the disk holding "/" and a mount of kname, from /proc/self/mountinfo. */
static void scan_mounts(struct interlock_facts *f)
{
	FILE *m = fopen("/proc/self/mountinfo", "r");
	char line[4096], mnt[512], disk[64];

	snprintf(f->root_disk, sizeof(f->root_disk), "none");
	while (m && fgets(line, sizeof(line), m)) {
		mount_disk(line, mnt, sizeof(mnt), disk, sizeof(disk));
		if (!strcmp(mnt, "/"))
			snprintf(f->root_disk, sizeof(f->root_disk), "%s",
				 disk[0] ? disk : "none");
		if (disk[0] && !strcmp(disk, f->kname) && !f->mounted_at[0])
			snprintf(f->mounted_at, sizeof(f->mounted_at), "%s", mnt);
	}
	if (m)
		fclose(m);
	else
		f->root_disk[0] = '\0';
}

static void scan_swaps(struct interlock_facts *f)
{
	FILE *s = fopen("/proc/swaps", "r");
	char line[4096], disk[64];

	while (s && fgets(line, sizeof(line), s)) {
		line[strcspn(line, " \t\n")] = '\0';
		unescape(line);
		whole_disk_of_path(line, disk, sizeof(disk));
		if (disk[0] && !strcmp(disk, f->kname) && !f->swap[0])
			snprintf(f->swap, sizeof(f->swap), "%.500s", line);
	}
	if (s)
		fclose(s);
}

/* holders/ of the disk and of each of its partitions (md, dm, bcache stacking). */
static void scan_holders(struct interlock_facts *f)
{
	char *dir = xasprintf("/sys/block/%s", f->kname);
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && !f->holder[0] && (e = readdir(d))) {
		char *h;
		DIR *hd;
		struct dirent *he;

		if (strcmp(e->d_name, "holders") && strncmp(e->d_name, f->kname,
							      strlen(f->kname)))
			continue;
		h = !strcmp(e->d_name, "holders") ? xasprintf("%s/holders", dir) :
			xasprintf("%s/%s/holders", dir, e->d_name);
		hd = opendir(h);
		while (hd && (he = readdir(hd)))
			if (he->d_name[0] != '.')
				snprintf(f->holder, sizeof(f->holder), "%.63s", he->d_name);
		if (hd)
			closedir(hd);
		free(h);
	}
	if (d)
		closedir(d);
	free(dir);
}

/* Another process with the disk (or one of its partitions) open: a /proc/PID/fd scan. */
static void scan_openers(const struct device_info *di, struct interlock_facts *f)
{
	DIR *proc = opendir("/proc");
	struct dirent *p;
	long self = (long)getpid();

	while (proc && !f->opener_pid && (p = readdir(proc))) {
		long pid = strtol(p->d_name, NULL, 10);
		char *fdd, disk[64];
		DIR *fds;
		struct dirent *e;
		struct stat st;

		if (pid <= 0 || pid == self || (f->lock_ours && pid == f->lock_pid))
			continue;
		fdd = xasprintf("/proc/%ld/fd", pid);
		fds = opendir(fdd);
		while (fds && !f->opener_pid && (e = readdir(fds))) {
			char *fp = xasprintf("%s/%s", fdd, e->d_name), link[PATH_MAX];
			ssize_t n = readlink(fp, link, sizeof(link) - 1);

			/* Only device nodes are stat()ed: never a hung network file. */
			link[n > 0 ? n : 0] = '\0';
			if (!strncmp(link, "/dev/", 5) && !stat(link, &st) &&
			    S_ISBLK(st.st_mode) && major(st.st_rdev) == di->major) {
				whole_disk_of(major(st.st_rdev), minor(st.st_rdev), disk,
					      sizeof(disk));
				if (!strcmp(disk, f->kname))
					f->opener_pid = pid;
			}
			free(fp);
		}
		if (fds)
			closedir(fds);
		free(fdd);
	}
	if (proc)
		closedir(proc);
}

/* Partition tables and filesystem (or RAID, LVM) signatures, from libblkid. */
static void scan_signatures(const char *path, struct interlock_facts *f)
{
	blkid_probe pr = blkid_new_probe_from_filename(path);
	const char *pt = NULL, *fs = NULL;
	int rc;

	if (!pr) {
		snprintf(f->signatures, sizeof(f->signatures), "unknown (cannot read: %s)",
			 strerror(errno));
		return;
	}
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC);
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_MAGIC);
	rc = blkid_do_safeprobe(pr);
	if (rc == 0) {
		blkid_probe_lookup_value(pr, "PTTYPE", &pt, NULL);
		blkid_probe_lookup_value(pr, "TYPE", &fs, NULL);
		snprintf(f->signatures, sizeof(f->signatures), "%s%s%s%s%s",
			 pt ? pt : "", pt ? " partition table" : "", pt && fs ? ", " : "",
			 fs ? fs : "", fs ? " signature" : "");
	} else if (rc == -2) {
		snprintf(f->signatures, sizeof(f->signatures), "ambiguous signatures");
	}
	blkid_free_probe(pr);
}

/* Who holds the device's run lock, and whether that is this run (token: --lock-token). */
static void scan_lock(const struct device_info *di, const char *token,
		      struct interlock_facts *f)
{
	struct devlock_holder h;

	devlock_find(di->path, di->kname, &h);
	f->token_given = token != NULL;
	f->lock_pid = h.pid;
	f->lock_ours = h.pid == (long)getpid() ||
		       (token && h.published && !strcmp(token, h.token));
	snprintf(f->lock_who, sizeof(f->lock_who), "%s", h.who);
}

void interlock_gather(const struct device_info *di, const char *token,
		      struct interlock_facts *f)
{
	char size[32];
	int fd;

	memset(f, 0, sizeof(*f));
	f->is_block = di->is_block;
	f->is_file = di->kind == DEVICE_FILE;
	f->is_partition = di->is_partition;
	snprintf(f->kname, sizeof(f->kname), "%s", di->kname);
	snprintf(f->identity, sizeof(f->identity), "%s", device_identity(di));
	units_format_size(di->size, size, sizeof(size));
	snprintf(f->what, sizeof(f->what), "%.80s (%s%s%.40s%s%.80s)", di->path, size,
		 di->model[0] ? ", " : "", di->model, di->backing_file[0] ?
		 ", backing file " : "", di->backing_file);
	if (!di->is_block)
		return;
	scan_mounts(f);
	scan_swaps(f);
	scan_holders(f);
	scan_lock(di, token, f);
	scan_openers(di, f);
	fd = open(di->path, O_RDONLY | O_EXCL | O_NONBLOCK | O_CLOEXEC);
	f->excl_errno = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	scan_signatures(di->path, f);
}

static void row(struct interlock_report *r, const char *name, int pass, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void row(struct interlock_report *r, const char *name, int pass, const char *fmt, ...)
{
	struct interlock_row *w;
	va_list ap;

	if (r->nrows == INTERLOCK_MAX_ROWS)
		return;
	w = &r->rows[r->nrows++];
	snprintf(w->name, sizeof(w->name), "%s", name);
	w->pass = pass;
	va_start(ap, fmt);
	vsnprintf(w->detail, sizeof(w->detail), fmt, ap);
	va_end(ap);
	if (!pass && !r->refused) {
		r->refused = 1;
		snprintf(r->first_failure, sizeof(r->first_failure), "%s", w->detail);
	}
}

/* Checks that say whether the device is in use by the system or another program. */
static void decide_use(const struct interlock_facts *f, struct interlock_report *r)
{
	if (!f->root_disk[0])
		row(r, "root disk", 0, "cannot tell which disk holds '/'");
	else
		row(r, "root disk", strcmp(f->root_disk, f->kname) != 0, "%s",
		    strcmp(f->root_disk, f->kname) ? "does not hold '/'" :
		    "it holds the root filesystem '/'");
	row(r, "not mounted", !f->mounted_at[0], f->mounted_at[0] ?
	    "a filesystem on it is mounted at '%s'" : "no filesystem of it is mounted%s",
	    f->mounted_at);
	row(r, "no swap", !f->swap[0], f->swap[0] ? "swap is active on '%s'" :
	    "no swap on it%s", f->swap);
	row(r, "no holders", !f->holder[0], f->holder[0] ? "'%s' is stacked on it "
	    "(holders)" : "nothing is stacked on it%s", f->holder);
	if (f->lock_pid && !f->lock_ours)
		row(r, "not locked", 0, "another ssdbench run holds its lock: %s", f->lock_who);
	else if (f->token_given && !f->lock_pid)
		row(r, "not locked", 0, "the run's lock on it (--lock-token) is no longer held: "
		    "its 'ssdbench lock' ended");
	else
		row(r, "not locked", 1, "%s", f->lock_pid ? "this run holds its lock" :
		    "no other run holds its lock");
	if (f->opener_pid)
		row(r, "not open", 0, "process %ld has it open", f->opener_pid);
	else
		row(r, "not open", 1, "no other process has it open");
	row(r, "exclusive open", !f->excl_errno, "%s%s",
	    f->excl_errno ? "the kernel refuses an exclusive open: " : "an exclusive open "
	    "succeeds", f->excl_errno ? strerror(f->excl_errno) : "");
}

/* The --destroy confirmation, and what existing data it would overwrite. */
static void decide_identity(const struct interlock_facts *f, const char *const *ids,
			    size_t n, struct interlock_report *r)
{
	int match = 0;

	for (size_t i = 0; i < n; i++)
		match |= f->identity[0] && !strcmp(ids[i], f->identity);
	if (!f->identity[0])
		row(r, "identity", 0, "it has no serial number, so --destroy cannot confirm it");
	else if (!n)
		row(r, "identity", 0, "destroying its data needs --destroy %s (its %s)",
		    f->identity, f->is_file ? "path" : strcmp(f->identity, f->kname) ?
		    "serial number" : "kernel name");
	else if (!match && n == 1)
		row(r, "identity", 0, "--destroy '%s' does not match its identity '%s'", ids[0],
		    f->identity);
	else if (!match)
		row(r, "identity", 0, "none of the %zu --destroy values names it: it needs "
		    "--destroy %s", n, f->identity);
	else
		row(r, "identity", 1, "--destroy matches '%s'", f->identity);
	if (!f->signatures[0])
		row(r, "signatures", 1, "no partition table or filesystem found");
	else
		row(r, "signatures", match && strncmp(f->signatures, "unknown", 7),
		    "it holds %s%s", f->signatures, match ? ", which will be destroyed" :
		    "; name it with --destroy to destroy it");
}

void interlock_decide(const struct interlock_facts *f, const char *const *destroy_ids,
		      size_t n, struct interlock_report *r)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->what, sizeof(r->what), "%s", f->what);
	if (f->is_file)
		row(r, "regular file", 1, "is a regular file");
	else
		row(r, "block device", f->is_block, f->is_block ? "is a block device" :
		    "is not a block device");
	if (f->is_block)
		row(r, "whole disk", !f->is_partition, f->is_partition ? "'%s' is a partition; "
		    "destructive steps take whole disks" : "'%s' is a whole disk", f->kname);
	if (f->is_block)
		decide_use(f, r);
	decide_identity(f, destroy_ids, n, r);
}

int interlock_check(const char *dev, const char *const *destroy_ids, size_t n,
		    struct interlock_report *r, struct diag *d)
{
	return interlock_check_token(dev, destroy_ids, n, NULL, r, d);
}

int interlock_check_token(const char *dev, const char *const *destroy_ids, size_t n,
			  const char *token, struct interlock_report *r, struct diag *d)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	struct interlock_facts *f = xcalloc(1, sizeof(*f));
	int rc = device_probe(dev, di, d);

	if (rc)
		goto out;
	interlock_gather(di, token, f);
	interlock_decide(f, destroy_ids, n, r);
	r->diskseq = di->diskseq;
	if (r->refused)
		rc = diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "refusing to destroy '%s': %s",
			      dev, r->first_failure);
out:
	free(f);
	free(di);
	return rc;
}

void interlock_print(const struct interlock_report *r, FILE *out)
{
	for (size_t i = 0; i < r->nrows; i++)
		fprintf(out, "  %s  %-15s %s\n", r->rows[i].pass ? "PASS" : "FAIL",
			r->rows[i].name, r->rows[i].detail);
}

int interlock_lock(const char *dev, int *fd, struct diag *d)
{
	struct device_info *di;
	struct devlock_holder h;
	struct diag pd;

	*fd = open(dev, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "cannot open '%s' to lock it: %s",
				dev, strerror(errno));
	if (!flock(*fd, LOCK_EX | LOCK_NB))
		return 0;
	close(*fd);
	*fd = -1;
	di = xcalloc(1, sizeof(*di));
	diag_clear(&pd);
	(void)device_probe(dev, di, &pd);
	devlock_find(dev, di->kname, &h);
	free(di);
	return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "'%s' is locked by %s", dev,
			h.pid ? h.who : "another program (another ssdbench run?)");
}
