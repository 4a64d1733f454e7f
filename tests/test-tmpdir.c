/*
 * test-tmpdir.c: src/base-tmpdir.c's names and its removal of stale scratch
 * directories.
 *
 * The names are a table: what "benchtop.<pid>.XXXXXX" parses to, and the
 * near misses that must not parse (a foreign directory is never ours).
 * The removal runs in a private base directory holding one directory per
 * case: a dead owner and an owner that runs another program go; a live
 * benchtop's (a child named benchtop), a symlink, a plain file and an
 * old-style name stay, and a symlink's target is never entered.
 */

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base-tmpdir.h"
#include "check.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

struct name_case {
	const char *name;
	pid_t want; /* -1: not a scratch directory's name */
};

static const struct name_case names[] = {
	{ "benchtop.1.AbC123", 1 },
	{ "benchtop.4242.zzzzzz", 4242 },
	{ "benchtop.2147483647.000000", 2147483647 },
	{ "benchtop.2147483648.000000", -1 }, /* beyond any pid */
	{ "benchtop.99999999999999999999.aaaaaa", -1 },
	{ "benchtop.0.aaaaaa", -1 },
	{ "benchtop.042.aaaaaa", -1 },
	{ "benchtop.-5.aaaaaa", -1 },
	{ "benchtop.+5.aaaaaa", -1 },
	{ "benchtop.12.aaaaa", -1 },   /* suffix too short */
	{ "benchtop.12.aaaaaaa", -1 }, /* too long */
	{ "benchtop.12.aa-aaa", -1 },
	{ "benchtop.12aaaaaa", -1 },
	{ "benchtop.12.", -1 },
	{ "benchtop..aaaaaa", -1 },
	{ "benchtop.AbC123", -1 }, /* the old name: no owner recorded */
	{ "Benchtop.12.aaaaaa", -1 },
	{ "xbenchtop.12.aaaaaa", -1 },
	{ "", -1 },
};

static void
test_names(void)
{
	char what[96];
	size_t i;

	for (i = 0; i < NELEM(names); i++) {
		(void)snprintf(what, sizeof what, "owner of '%s'",
		    names[i].name);
		if (!CHECK(what, tmpdir_owner(names[i].name) == names[i].want))
			printf("     got %ld\n",
			    (long)tmpdir_owner(names[i].name));
	}
}

/* A pid that no process has: a child's, once reaped. */
static pid_t
dead_pid(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	(void)waitpid(pid, NULL, 0);
	return pid;
}

/* A live process whose command is benchtop, until killed. */
static pid_t
fake_benchtop(void)
{
	char c = 0;
	int fds[2];
	pid_t pid;

	if (pipe(fds) != 0)
		return -1;
	if ((pid = fork()) == 0) {
		(void)prctl(PR_SET_NAME, "benchtop");
		(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
		(void)write(fds[1], &c, 1);
		for (;;)
			pause();
	}
	/* Named once it has written: the test must not race its prctl. */
	if (pid > 0 && read(fds[0], &c, 1) != 1)
		pid = -1;
	(void)close(fds[0]);
	(void)close(fds[1]);
	return pid;
}

static int
exists(const char *base, const char *name)
{
	char path[512];
	struct stat st;

	(void)snprintf(path, sizeof path, "%s/%s", base, name);
	return lstat(path, &st) == 0;
}

static void
make_dir(const char *base, char *name, size_t size, pid_t pid)
{
	char path[512];

	(void)snprintf(name, size, "benchtop.%ld.Ab12Cd", (long)pid);
	(void)snprintf(path, sizeof path, "%s/%s", base, name);
	(void)mkdir(path, 0700);
	/* Content, so that the removal has to go in depth. */
	(void)snprintf(path, sizeof path, "%s/%s/sub", base, name);
	(void)mkdir(path, 0700);
	(void)snprintf(path, sizeof path, "%s/%s/sub/file", base, name);
	(void)fclose(fopen(path, "w"));
}

static void
test_clean(void)
{
	char base[] = "/tmp/test-tmpdir.XXXXXX", path[512], target[512];
	char dead[64], reused[64], live[64], link[64], file[64];
	pid_t bt = fake_benchtop(), gone = dead_pid();

	if (mkdtemp(base) == NULL || bt < 0) {
		CHECK("a private base directory and a child", 0);
		return;
	}
	make_dir(base, dead, sizeof dead, gone);
	make_dir(base, reused, sizeof reused, getppid()); /* make, a shell */
	make_dir(base, live, sizeof live, bt);
	(void)snprintf(target, sizeof target, "%s/target", base);
	(void)mkdir(target, 0700);
	(void)snprintf(path, sizeof path, "%s/target/keep", base);
	(void)fclose(fopen(path, "w"));
	(void)snprintf(link, sizeof link, "benchtop.%ld.Ln0000", (long)gone);
	(void)snprintf(path, sizeof path, "%s/%s", base, link);
	(void)symlink(target, path);
	(void)snprintf(file, sizeof file, "benchtop.%ld.Fi0000", (long)gone);
	(void)snprintf(path, sizeof path, "%s/%s", base, file);
	(void)fclose(fopen(path, "w"));
	(void)snprintf(path, sizeof path, "%s/benchtop.AbC123", base);
	(void)mkdir(path, 0700);

	CHECK("two stale directories removed", tmpdir_clean_stale(base) == 2);
	CHECK("a dead owner's directory is gone", !exists(base, dead));
	CHECK("a reused pid's directory is gone", !exists(base, reused));
	CHECK("a live benchtop's directory stays", exists(base, live));
	CHECK("a symlink stays", exists(base, link));
	CHECK("its target is not entered", exists(base, "target/keep"));
	CHECK("a plain file stays", exists(base, file));
	CHECK("an old-style name stays", exists(base, "benchtop.AbC123"));
	CHECK("nothing more the second time", tmpdir_clean_stale(base) == 0);

	(void)kill(bt, SIGKILL);
	(void)waitpid(bt, NULL, 0);
	CHECK("a dead benchtop's directory goes",
	    tmpdir_clean_stale(base) == 1 && !exists(base, live));
	tmpdir_remove(base);
}

int
main(void)
{
	test_names();
	test_clean();
	return check_summary("test-tmpdir");
}
