/*
 * bench-proc-files.c: the files the process tests give their programs, and
 * the private directory they go in.
 *
 * BYTE UNIX Benchmarks 3.11 shipped its own inputs: cctest.c for the C
 * compiler test, tst.sh and sort.src for the shell scripts, dc.dat for
 * dc. These are benchtop's own, doing the same work: setup writes them to
 * the test's work directory, which teardown empties and removes.
 */

#include "config.h"

#include "bench-proc-files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"

#define PROC_TEXT_BYTES 8500  /* about BYTE's sort.src */
#define PROC_TEXT_SEED  1991u /* the text is the same on every run */

/* The C source byte.cc compiles: about 160 lines, like BYTE's cctest.c. */
const char proc_files_cc_source[] =
    "/* benchtop byte.cc: the program the C compiler test compiles. */\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "\n"
    "#define NREC\t64\n"
    "#define NBUCKET\t17\n"
    "\n"
    "struct rec {\n"
    "\tchar name[16];\n"
    "\tint key;\n"
    "\tdouble weight;\n"
    "\tstruct rec *next;\n"
    "};\n"
    "\n"
    "static struct rec table[NREC];\n"
    "static struct rec *buckets[NBUCKET];\n"
    "\n"
    "static unsigned\n"
    "hash(const char *s)\n"
    "{\n"
    "\tunsigned h = 5381;\n"
    "\n"
    "\twhile (*s != '\\0')\n"
    "\t\th = h * 33 + (unsigned char)*s++;\n"
    "\treturn h;\n"
    "}\n"
    "\n"
    "static int\n"
    "by_key(const void *a, const void *b)\n"
    "{\n"
    "\tconst struct rec *x = a, *y = b;\n"
    "\n"
    "\treturn (x->key > y->key) - (x->key < y->key);\n"
    "}\n"
    "\n"
    "static void\n"
    "fill(unsigned seed)\n"
    "{\n"
    "\tint i;\n"
    "\n"
    "\tfor (i = 0; i < NREC; i++) {\n"
    "\t\tseed = seed * 1103515245u + 12345u;\n"
    "\t\tsnprintf(table[i].name, sizeof table[i].name, \"r%u\",\n"
    "\t\t    seed % 1000u);\n"
    "\t\ttable[i].key = (int)((seed >> 16) % 500u);\n"
    "\t\ttable[i].weight = (double)(seed % 97u) / 7.0;\n"
    "\t\ttable[i].next = NULL;\n"
    "\t}\n"
    "}\n"
    "\n"
    "static void\n"
    "index_all(void)\n"
    "{\n"
    "\tunsigned b;\n"
    "\tint i;\n"
    "\n"
    "\tmemset(buckets, 0, sizeof buckets);\n"
    "\tfor (i = 0; i < NREC; i++) {\n"
    "\t\tb = hash(table[i].name) % NBUCKET;\n"
    "\t\ttable[i].next = buckets[b];\n"
    "\t\tbuckets[b] = &table[i];\n"
    "\t}\n"
    "}\n"
    "\n"
    "static struct rec *\n"
    "lookup(const char *name)\n"
    "{\n"
    "\tstruct rec *r;\n"
    "\n"
    "\tfor (r = buckets[hash(name) % NBUCKET]; r != NULL; r = r->next)\n"
    "\t\tif (strcmp(r->name, name) == 0)\n"
    "\t\t\treturn r;\n"
    "\treturn NULL;\n"
    "}\n"
    "\n"
    "static double\n"
    "mean_weight(void)\n"
    "{\n"
    "\tdouble sum = 0;\n"
    "\tint i;\n"
    "\n"
    "\tfor (i = 0; i < NREC; i++)\n"
    "\t\tsum += table[i].weight;\n"
    "\treturn sum / NREC;\n"
    "}\n"
    "\n"
    "static void\n"
    "matmul(double a[4][4], double b[4][4], double c[4][4])\n"
    "{\n"
    "\tint i, j, k;\n"
    "\n"
    "\tfor (i = 0; i < 4; i++)\n"
    "\t\tfor (j = 0; j < 4; j++) {\n"
    "\t\t\tc[i][j] = 0;\n"
    "\t\t\tfor (k = 0; k < 4; k++)\n"
    "\t\t\t\tc[i][j] += a[i][k] * b[k][j];\n"
    "\t\t}\n"
    "}\n"
    "\n"
    "enum kind { SPACE, WORD, DIGIT, OTHER };\n"
    "\n"
    "static enum kind\n"
    "classify(int c)\n"
    "{\n"
    "\tswitch (c) {\n"
    "\tcase ' ':\n"
    "\tcase '\\t':\n"
    "\tcase '\\n':\n"
    "\t\treturn SPACE;\n"
    "\tcase '0': case '1': case '2': case '3': case '4':\n"
    "\tcase '5': case '6': case '7': case '8': case '9':\n"
    "\t\treturn DIGIT;\n"
    "\tdefault:\n"
    "\t\tif ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))\n"
    "\t\t\treturn WORD;\n"
    "\t\treturn OTHER;\n"
    "\t}\n"
    "}\n"
    "\n"
    "static int\n"
    "count_words(const char *text)\n"
    "{\n"
    "\tint words = 0, inside = 0;\n"
    "\n"
    "\tfor (; *text != '\\0'; text++) {\n"
    "\t\tif (classify((unsigned char)*text) == SPACE)\n"
    "\t\t\tinside = 0;\n"
    "\t\telse if (!inside) {\n"
    "\t\t\tinside = 1;\n"
    "\t\t\twords++;\n"
    "\t\t}\n"
    "\t}\n"
    "\treturn words;\n"
    "}\n"
    "\n"
    "int\n"
    "main(int argc, char **argv)\n"
    "{\n"
    "\tdouble a[4][4], b[4][4], c[4][4];\n"
    "\tstruct rec *r;\n"
    "\tint i, j;\n"
    "\n"
    "\tfill(argc > 1 ? (unsigned)atoi(argv[1]) : 1991u);\n"
    "\tqsort(table, NREC, sizeof table[0], by_key);\n"
    "\tindex_all();\n"
    "\tfor (i = 0; i < 4; i++)\n"
    "\t\tfor (j = 0; j < 4; j++) {\n"
    "\t\t\ta[i][j] = i + j;\n"
    "\t\t\tb[i][j] = i == j ? table[i].weight : 0.5;\n"
    "\t\t}\n"
    "\tmatmul(a, b, c);\n"
    "\tr = lookup(table[NREC / 2].name);\n"
    "\tprintf(\"%s %d %.3f %.3f %d\\n\", r != NULL ? r->name : \"-\",\n"
    "\t    table[0].key, mean_weight(), c[3][3],\n"
    "\t    count_words(\"the quick brown fox 42 times\"));\n"
    "\treturn 0;\n"
    "}\n";

/*
 * The script byte.shell* runs: tst.sh's work (sort a text, octal-dump
 * it and sort the dump numerically, grep "the" through tee into wc,
 * remove the files) in the C locale, so that the user's locale cannot
 * change what sort costs.
 */
const char proc_files_shell_script[] =
    "# benchtop byte.shell*: one copy of BYTE 3.11's shell workload.\n"
    "# $1 is the text, $2 the work directory; $$ keeps copies apart.\n"
    "LC_ALL=C\n"
    "export LC_ALL\n"
    "w=$2/w$$\n"
    "sort <\"$1\" >\"$w.sorted\"\n"
    "od \"$w.sorted\" | sort -n -k 1 >\"$w.od\"\n"
    "grep the \"$w.sorted\" | tee \"$w.grep\" | wc >\"$w.wc\"\n"
    "rm \"$w.sorted\" \"$w.od\" \"$w.grep\" \"$w.wc\"\n";

/*
 * dc.dat's program: scale 99, the square root of 2, print. Its closing
 * q is left out, as GNU dc 1.07 exits with status 1 on q: dc ends at the
 * end of its input instead.
 */
const char proc_files_dc_input[] = "99 k 2 v p\n";

/* The tools the script needs besides /bin/sh. */
const char *const proc_files_shell_tools[] = { "sort", "od", "grep", "tee",
	"wc", "rm", NULL };

/* Words of the sorted text; "the" and its kin give grep its matches. */
static const char *const proc_words[] = { "the", "then", "there", "other",
	"these", "kernel", "process", "fork", "exec", "wait", "signal", "pipe",
	"buffer", "inode", "block", "page", "fault", "table", "entry", "queue",
	"timer", "clock", "shell", "script", "sort", "output", "input",
	"device", "driver", "memory", "cache", "thread", "mutex", "lock",
	"unlock", "system", "call", "return", "value", "error", "status",
	"child", "parent", "zombie", "reap", "mount", "file", "directory",
	"path", "name" };

/*
 * The text the scripts sort: lines of one to six words drawn from
 * proc_words by a fixed linear congruential sequence, about
 * PROC_TEXT_BYTES long, identical on every run and machine.
 */
size_t
proc_files_make_text(char *buf, size_t size)
{
	const size_t nwords = sizeof proc_words / sizeof proc_words[0];
	uint32_t x = PROC_TEXT_SEED;
	size_t len = 0;
	int words;

	while (len < PROC_TEXT_BYTES && size - len > 128) {
		x = x * 1103515245u + 12345u;
		words = 1 + (int)((x >> 16) % 6);
		for (int i = 0; i < words; i++) {
			x = x * 1103515245u + 12345u;
			len += (size_t)snprintf(buf + len, size - len, "%s%c",
			    proc_words[(x >> 16) % nwords],
			    i + 1 < words ? ' ' : '\n');
		}
	}
	return len;
}

/* ---- Programs ---- */

int
proc_files_is_program(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    access(path, X_OK) == 0;
}

int
proc_files_find_in_path(const char *name, char *out, size_t size)
{
	const char *path = getenv("PATH"), *p, *end;
	size_t len;

	if (path == NULL || *path == '\0')
		path = "/usr/bin:/bin";
	for (p = path;; p = end + 1) {
		end = strchr(p, ':');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		if (len > 0 &&
		    (size_t)snprintf(out, size, "%.*s/%s", (int)len, p, name) <
		        size &&
		    proc_files_is_program(out))
			return 0;
		if (end == NULL)
			return -1;
	}
}

/* ---- The work directory ---- */

int
proc_files_dir_make(struct bench_ctx *ctx, char *dir, size_t size)
{
	(void)snprintf(dir, size, "%s/proc.XXXXXX",
	    ctx->tmpdir != NULL ? ctx->tmpdir : "/tmp");
	if (mkdtemp(dir) == NULL) {
		dir[0] = '\0';
		return bench_fail(ctx, "mkdtemp", errno);
	}
	return BENCH_OK;
}

int
proc_files_dir_write(struct bench_ctx *ctx, const char *dir, const char *name,
    const char *data, size_t len, char *path, size_t size)
{
	ssize_t w;
	int fd;

	if ((size_t)snprintf(path, size, "%s/%s", dir, name) >= size)
		return bench_fail(ctx, name, ENAMETOOLONG);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return bench_fail(ctx, "open", errno);
	while (len > 0) {
		if ((w = write(fd, data, len)) < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			(void)close(fd);
			return bench_fail(ctx, "write", errno);
		}
		data += w;
		len -= (size_t)w;
	}
	if (close(fd) != 0)
		return bench_fail(ctx, "close", errno);
	return BENCH_OK;
}

void
proc_files_dir_remove(char *dir)
{
	struct dirent *e;
	DIR *d;

	if (dir[0] == '\0')
		return;
	if ((d = opendir(dir)) != NULL) {
		while ((e = readdir(d)) != NULL)
			if (strcmp(e->d_name, ".") != 0 &&
			    strcmp(e->d_name, "..") != 0)
				(void)unlinkat(dirfd(d), e->d_name, 0);
		(void)closedir(d);
	}
	(void)rmdir(dir);
	dir[0] = '\0';
}
