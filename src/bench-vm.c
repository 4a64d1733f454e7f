/*
 * bench-vm.c: mapping files and taking faults on them.
 *
 * lmbench 2.0's "File & VM system latencies" and one of its bandwidths
 * (the lmbench 2.0 summary, Chris Friesen, 2003): lat_mmap (mmap latency),
 * lat_sig prot (protection fault), lat_pagefault (page fault) and bw_mmap_rd
 * mmap_only (mmap reread). lmbench runs them on a file of $MB megabytes, the
 * size its memory bandwidth tests use and the size its summary reports;
 * benchtop's is
 * --mem-size (64 MiB by default), kept between 1 MiB and 1 GiB. The
 * files live in the private scratch directory, mode 0600.
 *
 * DESIGN (prot_fault)
 *
 * lmbench writes to a read-only shared mapping and lets its SIGSEGV
 * handler return, so the store runs again and faults again. run(n) does
 * the same; the handler counts the faults down and, at the n-th, leaves
 * with siglongjmp. The handler finds the test through a thread-local
 * pointer, set only while run() or the baseline is at work: a synchronous
 * SIGSEGV goes to the thread that faulted, so a fault anywhere else finds
 * it NULL and hands the signal back to the disposition this test replaced
 * (default: the process dies, as it would have). Workers block every
 * signal, and a blocked synchronous SIGSEGV kills the process, so setup
 * unblocks it in the worker and teardown blocks it again. The monitor
 * never runs one test on two workers at once, so one saved disposition
 * is enough.
 *
 * lmbench then subtracts what catching a signal costs, measured as
 * kill(me, SIGUSR1) with a handler less kill(me, 0): fault - (catch -
 * kill0). The harness subtracts one baseline, so the terms are regrouped
 * as (fault + kill0) - catch: each fault's handler also makes the
 * tgkill(me, 0) (prot_kill0), and the baseline is tgkill(me, SIGSEGV)
 * caught by the same handler, which knows it by its si_code.
 *
 * DESIGN (page_fault)
 *
 * lmbench times each touch alone and never times the munmap. Here run()
 * unmaps a used mapping at once and maps a fresh one, and declares both
 * untimed (ctx->untimed_ns): unmapping costs about as much as faulting
 * (every fault maps a whole fault-around window, and munmap takes each
 * page back out), and it is not the operation. One mapping at a time:
 * an earlier pool of used mappings, unmapped in batches, held up to 3.4
 * GB of file pages resident in a soak.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include "base-cycles.h"
#include "bench.h"

#define VM_CHUNK   BENCH_FILE_CHUNK /* lmbench's XFERSIZE */
#define LMDD_BLOCK (8 * 1024)       /* lmdd's default bs= */

#define MMAP_PSIZE   (16 * 1024)  /* lat_mmap: one write per 16 KiB... */
#define MMAP_N       10           /* ...over the first tenth */
#define FAULT_ALIGN  (16 * 1024)  /* lat_pagefault aligns the size... */
#define FAULT_STRIDE (256 * 1024) /* ...and steps back 256 KiB */

struct vm_state {
	int fd;
	int made;
	char path[4096];
	uint64_t file_bytes;
	char *map; /* the mapping the test reads or faults on */
	size_t map_bytes;
	uint64_t steps; /* page_fault: touches per mapping; reread: chunks */
	uint64_t next;  /* the next of them */
	/* prot_fault only */
	pid_t pid;                     /* this process and... */
	long tid;                      /* ...the worker thread, for tgkill */
	volatile uint64_t faults_left; /* the handler's countdown */
	sigjmp_buf done;               /* where the n-th fault lands */
	int have_mask, have_action;
	sigset_t old_mask;
};

/*
 * The prot_fault test while run() or its baseline is at work, in that
 * thread. volatile: only the handler reads it, and without it the
 * compiler may drop a store that no code it can see reads.
 */
static _Thread_local struct vm_state *volatile prot_current;

/* The SIGSEGV disposition prot_fault replaced; see DESIGN. */
static struct sigaction prot_old_action;

/* State and its file, "<scratch>/<stem>.XXXXXX", still empty. */
static int
vm_new(struct bench_ctx *ctx, const char *stem)
{
	struct vm_state *s = calloc(1, sizeof *s);
	int st;

	if (s == NULL)
		return bench_fail(ctx, "calloc", errno);
	s->fd = -1;
	s->map = MAP_FAILED;
	s->file_bytes = bench_file_bytes(ctx);
	ctx->state = s;
	if ((st = bench_make_temp(ctx, stem, s->path, sizeof s->path,
	         &s->fd)) != BENCH_OK)
		return st;
	s->made = 1;
	return BENCH_OK;
}

/*
 * lmbench's lat_pagefault and bw_mmap_rd read a file lmdd wrote: real
 * data, so every page is in the page cache and none is a hole. The file
 * is written `block` bytes a time, and on Linux with large folios
 * (6.x, ext4, xfs) that sets the size of its page-cache folios.
 * block divides file_bytes (a multiple of VM_CHUNK).
 */
static int
vm_fill(struct bench_ctx *ctx, struct vm_state *s, size_t block)
{
	char *buf = malloc(block);
	ssize_t got = (ssize_t)block;
	int err;

	if (buf == NULL)
		return bench_fail(ctx, "malloc", errno);
	for (size_t i = 0; i < block; i++)
		buf[i] = (char)i;
	for (uint64_t done = 0; done < s->file_bytes && got == (ssize_t)block;
	     done += block)
		got = write(s->fd, buf, block);
	/* a short write has no errno: the write of the rest says why */
	if (got >= 0 && got < (ssize_t)block &&
	    write(s->fd, buf + got, block - (size_t)got) < 0)
		got = -1;
	err = errno;
	free(buf);
	if (got == (ssize_t)block)
		return BENCH_OK;
	if (got < 0)
		return bench_fail(ctx, "write", err);
	return bench_reason(ctx, BENCH_FAILED, "write: short transfer");
}

static int
vm_map(struct bench_ctx *ctx, struct vm_state *s, size_t bytes, int prot)
{
	s->map = mmap(NULL, bytes, prot, MAP_SHARED, s->fd, 0);
	if (s->map == MAP_FAILED)
		return bench_fail(ctx, "mmap", errno);
	s->map_bytes = bytes;
	return BENCH_OK;
}

static void
vm_teardown(struct bench_ctx *ctx)
{
	struct vm_state *s = ctx->state;

	if (s == NULL)
		return;
	if (s->map != MAP_FAILED)
		(void)munmap(s->map, s->map_bytes);
	bench_temp_remove(&s->fd, &s->made, s->path);
	free(s);
	ctx->state = NULL;
}

/* ---- lat_mmap ---- */

/*
 * lat_mmap maps the file lmbench's script wrote before it ($FILE, written
 * with lmdd): its pages are cached and its blocks allocated. A file of
 * holes, or of blocks reserved but never written (fallocate), is not
 * the same test: every store then also makes the filesystem allocate or
 * convert a block, and lmbench 3's own lat_mmap measured 562 us a pass
 * on such a file against 95 us on a written one (ext4, 64 MiB).
 *
 * How the file was written matters as much. A store faults once per
 * page-cache folio, not per page, once Linux has large folios (6.x), and
 * a buffered write makes folios about its own size: on ext4 (Linux
 * 6.18) a pass took 410 faults on a file written 8 KiB at a time, 103
 * at 64 KiB, 7 at 1 MiB, and cost about 600, 210 and 100 us. lmbench's
 * script writes $FILE with lmdd's default 8 KiB blocks and fsync=1, so
 * each of lat_mmap's stores, 16 KiB apart, takes its own fault, as it
 * did on every kernel before large folios: this file is written the
 * same way. The fsync leaves the pages clean as lmdd's are; the timed
 * loop never waits on writeback either way (no voluntary context
 * switch in a pass, dirty or clean, where the disk needs no stable
 * pages).
 */
static int
mmap_setup(struct bench_ctx *ctx)
{
	struct vm_state *s;
	int st;

	if ((st = vm_new(ctx, "lat_mmap")) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((st = vm_fill(ctx, s, LMDD_BLOCK)) != BENCH_OK)
		return st;
	if (fsync(s->fd) != 0)
		return bench_fail(ctx, "fsync", errno);
	return BENCH_OK;
}

/*
 * One op is lat_mmap's mapit() without -r: map the whole file read and
 * write, store one byte every 16 KiB of its first tenth, unmap.
 */
static int
mmap_run(struct bench_ctx *ctx, uint64_t n)
{
	struct vm_state *s = ctx->state;
	size_t size = (size_t)s->file_bytes;
	volatile char *p;
	char c = (char)(size & 0xff);

	while (n-- > 0) {
		p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, s->fd,
		    0);
		if (p == MAP_FAILED)
			return bench_fail(ctx, "mmap", errno);
		for (size_t off = 0; off < size / MMAP_N; off += MMAP_PSIZE)
			p[off] = c;
		if (munmap((void *)p, size) != 0)
			return bench_fail(ctx, "munmap", errno);
	}
	return BENCH_OK;
}

/* ---- lat_sig prot ---- */

/* lmbench's kill(me, 0), made here to be subtracted: see DESIGN. */
static void
prot_kill0(const struct vm_state *s)
{
	int saved = errno;

	(void)syscall(SYS_tgkill, s->pid, s->tid, 0);
	errno = saved;
}

/*
 * See DESIGN: count our faults down; return at once from the baseline's
 * own signal; give anyone else's fault back.
 */
static void
prot_on_segv(int sig, siginfo_t *si, void *uc)
{
	struct vm_state *s = prot_current;

	(void)sig;
	(void)uc;
	if (s != NULL && si->si_code == SI_TKILL)
		return;
	if (s == NULL || si->si_addr != (void *)s->map) {
		(void)sigaction(SIGSEGV, &prot_old_action, NULL);
		return;
	}
	prot_kill0(s);
	if (--s->faults_left == 0)
		siglongjmp(s->done, 1);
}

/* lmbench maps one page of a file read-only; the store never lands. */
static int
prot_setup(struct bench_ctx *ctx)
{
	struct vm_state *s;
	struct sigaction sa;
	sigset_t set;
	long page = sysconf(_SC_PAGESIZE);
	int st;

	if ((st = vm_new(ctx, "lat_sig")) != BENCH_OK)
		return st;
	s = ctx->state;
	s->pid = getpid();
	s->tid = syscall(SYS_gettid);
	if (ftruncate(s->fd, (off_t)page) != 0)
		return bench_fail(ctx, "ftruncate", errno);
	if ((st = vm_map(ctx, s, (size_t)page, PROT_READ)) != BENCH_OK)
		return st;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = prot_on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, &prot_old_action) != 0)
		return bench_fail(ctx, "sigaction", errno);
	s->have_action = 1;
	sigemptyset(&set);
	sigaddset(&set, SIGSEGV);
	if ((st = pthread_sigmask(SIG_UNBLOCK, &set, &s->old_mask)) != 0)
		return bench_fail(ctx, "pthread_sigmask", st);
	s->have_mask = 1;
	return BENCH_OK;
}

/*
 * n faults from one store: the first n - 1 handlers return into it, the
 * n-th jumps back here (sigsetjmp saves the mask, which the jump out of
 * the handler must restore: SIGSEGV is blocked while it runs).
 */
static int
prot_run(struct bench_ctx *ctx, uint64_t n)
{
	struct vm_state *s = ctx->state;

	if (n == 0)
		return BENCH_OK;
	s->faults_left = n;
	prot_current = s;
	if (sigsetjmp(s->done, 1) == 0)
		*(volatile char *)s->map = 1;
	prot_current = NULL;
	return BENCH_OK;
}

/* lmbench's catch: a signal to this thread, and the handler's return. */
static int
prot_baseline(struct bench_ctx *ctx, uint64_t n)
{
	struct vm_state *s = ctx->state;
	int err = 0;

	prot_current = s;
	while (n-- > 0 && err == 0)
		if (syscall(SYS_tgkill, s->pid, s->tid, SIGSEGV) != 0)
			err = errno;
	prot_current = NULL;
	return err ? bench_fail(ctx, "tgkill", err) : BENCH_OK;
}

static void
prot_teardown(struct bench_ctx *ctx)
{
	struct vm_state *s = ctx->state;

	if (s != NULL && s->have_mask)
		(void)pthread_sigmask(SIG_SETMASK, &s->old_mask, NULL);
	if (s != NULL && s->have_action)
		(void)sigaction(SIGSEGV, &prot_old_action, NULL);
	vm_teardown(ctx);
}

/* ---- lat_pagefault ---- */

/*
 * lat_pagefault maps the whole file read-only and touches it every
 * 256 KiB from 16 KiB before its end backwards, one fault per touch.
 */
static int
fault_setup(struct bench_ctx *ctx)
{
	struct vm_state *s;
	int st;

	if ((st = vm_new(ctx, "lat_pagefault")) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((st = vm_fill(ctx, s, VM_CHUNK)) != BENCH_OK)
		return st;
	s->map_bytes = (size_t)s->file_bytes & ~(size_t)(FAULT_ALIGN - 1);
	s->steps = (s->map_bytes - FAULT_ALIGN - 1) / FAULT_STRIDE + 1;
	s->next = s->steps; /* the first op maps */
	return BENCH_OK;
}

/* The mapping used up: unmap it and map a fresh one, untimed. */
static int
fault_next_map(struct bench_ctx *ctx, struct vm_state *s)
{
	uint64_t t0 = cycles_now_ns();
	int err = 0;

	if (s->map != MAP_FAILED && munmap(s->map, s->map_bytes) != 0)
		err = errno;
	s->map = MAP_FAILED;
	if (err == 0)
		s->map =
		    mmap(NULL, s->map_bytes, PROT_READ, MAP_SHARED, s->fd, 0);
	ctx->untimed_ns += cycles_now_ns() - t0;
	if (err != 0)
		return bench_fail(ctx, "munmap", err);
	if (s->map == MAP_FAILED)
		return bench_fail(ctx, "mmap", errno);
	s->next = 0;
	return BENCH_OK;
}

/* One read of the mapping that the compiler must keep. */
static unsigned
fault_touch(const struct vm_state *s, size_t off)
{
	return *(const volatile unsigned char *)(s->map + off);
}

static int
fault_run(struct bench_ctx *ctx, uint64_t n)
{
	struct vm_state *s = ctx->state;
	size_t last = s->map_bytes - FAULT_ALIGN;
	unsigned sum = 0;
	int st;

	while (n-- > 0) {
		if (s->next == s->steps &&
		    (st = fault_next_map(ctx, s)) != BENCH_OK)
			return st;
		sum += fault_touch(s, last - s->next * FAULT_STRIDE);
		s->next++;
	}
	bench_sink += sum;
	return BENCH_OK;
}

/* ---- bw_mmap_rd mmap_only ---- */

/* lmbench's BENCH runs the body once first: the pages are mapped. */
static int
mmap_rd_setup(struct bench_ctx *ctx)
{
	struct vm_state *s;
	int st;

	if ((st = vm_new(ctx, "bw_mmap_rd")) != BENCH_OK)
		return st;
	s = ctx->state;
	if ((st = vm_fill(ctx, s, VM_CHUNK)) != BENCH_OK)
		return st;
	if ((st = vm_map(ctx, s, (size_t)s->file_bytes, PROT_READ)) != BENCH_OK)
		return st;
	s->steps = s->file_bytes / VM_CHUNK;
	bench_sink += bench_bread(s->map, s->map_bytes);
	return BENCH_OK;
}

static int
mmap_rd_run(struct bench_ctx *ctx, uint64_t n)
{
	struct vm_state *s = ctx->state;
	unsigned long sum = 0;

	while (n-- > 0) {
		if (s->next == s->steps)
			s->next = 0;
		sum += bench_bread(s->map + s->next * VM_CHUNK, VM_CHUNK);
		s->next++;
	}
	bench_sink += sum;
	return BENCH_OK;
}

static const struct bench_test vm_tests[] = {
	{
	    .id = "lmbench.mmap",
	    .title = "mmap latency",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_VM,
	    .definition = "mmap() of a --mem-size file written 8 KiB at a "
	                  "time and synced, as lmdd writes it, a 1-byte "
	                  "store every 16 KiB of its first tenth, munmap() "
	                  "(lat_mmap)",
	    .version = 3,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR | BENCH_F_SLOW,
	    .setup = mmap_setup,
	    .run = mmap_run,
	    .teardown = vm_teardown,
	},
	{
	    .id = "lmbench.prot_fault",
	    .title = "protection fault",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_VM,
	    .definition = "a store to a read-only shared mapping, its SIGSEGV "
	                  "and the handler's return, less the cost of catching "
	                  "a signal, as lmbench subtracts it (lat_sig prot)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .setup = prot_setup,
	    .run = prot_run,
	    .baseline = prot_baseline,
	    .teardown = prot_teardown,
	},
	{
	    .id = "lmbench.page_fault",
	    .title = "page fault",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_VM,
	    .definition = "a read fault on an unmapped page of a cached "
	                  "--mem-size file, every 256 KiB backwards "
	                  "(lat_pagefault); each mapping is made and unmapped "
	                  "untimed",
	    .version = 2,
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_TMPDIR,
	    .setup = fault_setup,
	    .run = fault_run,
	    .teardown = vm_teardown,
	},
	{
	    .id = "lmbench.bw_mmap_reread",
	    .title = "mmap reread",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_VM,
	    .definition = "the scalar sum of the longs (bread) of 64 KiB of a "
	                  "mapped, cached "
	                  "--mem-size file, in turn to its end "
	                  "(bw_mmap_rd mmap_only)",
	    .version = 2,
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = VM_CHUNK,
	    .flags = BENCH_F_TMPDIR | BENCH_F_BANDWIDTH,
	    .setup = mmap_rd_setup,
	    .run = mmap_rd_run,
	    .teardown = vm_teardown,
	},
};

const struct bench_family bench_vm_family = {
	.name = "vm",
	.title = "Virtual memory",
	.tests = vm_tests,
	.ntests = sizeof vm_tests / sizeof vm_tests[0],
};
