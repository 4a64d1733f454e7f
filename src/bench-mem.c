/*
 * bench-mem.c: memory bandwidth, as lmbench 2.0's bw_mem measures it for
 * the four memory columns of its summary's bandwidth table (the lmbench
 * 2.0 summary, Chris Friesen, 2003):
 * "Bcopy (libc)" (bw_mem bcopy), "Bcopy (hand)" (bw_mem fcp), "Mem read"
 * (bw_mem frd) and "Mem write" (bw_mem fwr).
 *
 * bw_mem walks a buffer in 512-byte chunks, the body of its unrolled
 * loops (128 4-byte words), and reports the buffer's bytes over the time
 * of a pass in MB/s of 10^6 bytes; a copy counts the bytes copied once,
 * not read plus written. Here one operation is one such 512-byte chunk
 * (work_per_op = 512 bytes), so the record stays the same whatever
 * --mem-size says: run(n) walks on through n chunks from where the last
 * call stopped, wrapping round the buffer, so that a sample makes
 * whole-buffer passes just as bw_mem's iterations do. The buffer is
 * ctx->mem_bytes (default 64 MiB, beyond the caches), mapped and every
 * page touched in setup, so no page fault is timed. A copy's destination
 * starts 1920 bytes into its mapping, where lmbench 2.0's bw_mem puts it
 * when given no third argument (its test is "ac == 3"), so that source
 * and destination do not share their offsets in a page. lmbench 3's
 * bw_mem inverted the test: it skews only when given a third argument
 * ("bw_mem 64m fcp conflict"), and its plain "bw_mem 64m fcp" copies page
 * to page, although its comment still calls unaligned the default.
 *
 * DESIGN: keeping the hand loops what they say
 *
 * A compiler may turn a word-copy loop into a memcpy call, a store loop
 * into memset, and merge adjacent words into vector accesses; then
 * "bcopy (hand)" would time libc again and the word loops would not be
 * word loops. MEM_OPAQUE, an empty asm that claims to change the
 * pointers, sits after every word: after it the compiler no longer knows
 * where the next word lies relative to the last, so it can neither
 * recognise a copy or fill idiom nor combine words, and it costs no
 * instruction. The sum of the read loop goes to bench_sink. objdump of
 * bench-mem.o shows 128 scalar 4-byte loads, stores or load-adds per
 * chunk and no call in the hand loops.
 */

#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bench.h"

#define MEM_CHUNK        512u /* bytes per operation: bw_mem's loop body */
#define MEM_WORDS        (MEM_CHUNK / sizeof(uint32_t))
#define MEM_DST_SKEW     (2048u - 128u) /* lmbench 2.0 bw_mem's dst offset */
#define MEM_DEFAULT_SIZE ((size_t)64 << 20)

/* The pointers change, says the compiler's model; in fact nothing does. */
#define MEM_OPAQUE(p)     __asm__("" : "+r"(p))
#define MEM_OPAQUE2(p, q) __asm__("" : "+r"(p), "+r"(q))

/* Eight, then 128 consecutive words: the unrolled bodies. */
/* clang-format off */
#define MEM_X8(op, i)                                                          \
	op((i) + 0) op((i) + 1) op((i) + 2) op((i) + 3)                        \
	op((i) + 4) op((i) + 5) op((i) + 6) op((i) + 7)
#define MEM_X128(op)                                                           \
	MEM_X8(op, 0)   MEM_X8(op, 8)   MEM_X8(op, 16)  MEM_X8(op, 24)         \
	MEM_X8(op, 32)  MEM_X8(op, 40)  MEM_X8(op, 48)  MEM_X8(op, 56)         \
	MEM_X8(op, 64)  MEM_X8(op, 72)  MEM_X8(op, 80)  MEM_X8(op, 88)         \
	MEM_X8(op, 96)  MEM_X8(op, 104) MEM_X8(op, 112) MEM_X8(op, 120)
/* clang-format on */

/* One word of each hand loop, on the locals p, sum, s and d. */
#define MEM_RD(i)                                                              \
	sum += p[i];                                                           \
	MEM_OPAQUE(p);
#define MEM_WR(i)                                                              \
	p[127 - (i)] = 1;                                                      \
	MEM_OPAQUE(p);
#define MEM_CP(i)                                                              \
	d[i] = s[i];                                                           \
	MEM_OPAQUE2(s, d);

struct mem_map {
	void *base; /* mmap'd region, or NULL */
	size_t len;
};

struct mem_state {
	struct mem_map src_map, dst_map;
	unsigned char *src; /* the buffer read, written or copied from */
	unsigned char *dst; /* the copies' destination, skewed */
	size_t bytes;       /* buffer size, a multiple of MEM_CHUNK */
	size_t pos;         /* where the next chunk starts, in bytes */
};

static int mem_setup(struct bench_ctx *);
static int mem_copy_setup(struct bench_ctx *);
static void mem_teardown(struct bench_ctx *);
static int mem_bcopy_libc_run(struct bench_ctx *, uint64_t);
static int mem_bcopy_hand_run(struct bench_ctx *, uint64_t);
static int mem_read_run(struct bench_ctx *, uint64_t);
static int mem_write_run(struct bench_ctx *, uint64_t);

/* ---- The hand loops (bw_mem frd, fwr, fcp) ----------------------------- */

/* Sum every word of `chunks` chunks, one scalar load-add per word. */
static uint32_t
mem_frd(const uint32_t *p, size_t chunks)
{
	uint32_t sum = 0;

	while (chunks-- > 0) {
		MEM_X128(MEM_RD)
		p += MEM_WORDS;
	}
	return sum;
}

/*
 * Store 1 to every word of `chunks` chunks, as bw_mem's fwr does, and in
 * its order: fwr's body is one chained assignment, p[0] = p[1] = ... =
 * p[127] = 1, which C evaluates from the right, so its compiled loop
 * stores each chunk's words from the last down to the first. The order
 * matters on current CPUs: on an AMD EPYC (Zen 4) guest, 4-byte stores
 * down a 64 MiB buffer ran 2 to 7 times slower than the same stores
 * upwards.
 */
static void
mem_fwr(uint32_t *p, size_t chunks)
{
	while (chunks-- > 0) {
		MEM_X128(MEM_WR)
		p += MEM_WORDS;
	}
}

/* Copy `chunks` chunks word by word: a load and a store per word. */
static void
mem_fcp(const uint32_t *s, uint32_t *d, size_t chunks)
{
	while (chunks-- > 0) {
		MEM_X128(MEM_CP)
		s += MEM_WORDS;
		d += MEM_WORDS;
	}
}

/* ---- The walk round the buffer ---------------------------------------- */

/*
 * How many of the *n chunks still to do fit between pos and the end of
 * the buffer; takes them off *n. The caller then advances by them.
 */
static size_t
mem_span(const struct mem_state *st, uint64_t *n)
{
	uint64_t room = (st->bytes - st->pos) / MEM_CHUNK;
	uint64_t k = *n < room ? *n : room;

	*n -= k;
	return (size_t)k;
}

static void
mem_advance(struct mem_state *st, size_t chunks)
{
	st->pos += chunks * MEM_CHUNK;
	if (st->pos == st->bytes)
		st->pos = 0;
}

/*
 * libc's bcopy is memmove. Consecutive chunks go in one call, so that
 * every call but a sample's first and last copies the whole buffer, as
 * bw_mem's bcopy does (libc picks its strategy by size).
 */
static int
mem_bcopy_libc_run(struct bench_ctx *ctx, uint64_t n)
{
	struct mem_state *st = ctx->state;
	size_t k;

	while (n > 0) {
		k = mem_span(st, &n);
		memmove(st->dst + st->pos, st->src + st->pos, k * MEM_CHUNK);
		mem_advance(st, k);
	}
	return BENCH_OK;
}

static int
mem_bcopy_hand_run(struct bench_ctx *ctx, uint64_t n)
{
	struct mem_state *st = ctx->state;
	size_t k;

	while (n > 0) {
		k = mem_span(st, &n);
		mem_fcp((const uint32_t *)(void *)(st->src + st->pos),
		    (uint32_t *)(void *)(st->dst + st->pos), k);
		mem_advance(st, k);
	}
	return BENCH_OK;
}

static int
mem_read_run(struct bench_ctx *ctx, uint64_t n)
{
	struct mem_state *st = ctx->state;
	uint32_t sum = 0;
	size_t k;

	while (n > 0) {
		k = mem_span(st, &n);
		sum +=
		    mem_frd((const uint32_t *)(void *)(st->src + st->pos), k);
		mem_advance(st, k);
	}
	bench_sink += sum;
	return BENCH_OK;
}

static int
mem_write_run(struct bench_ctx *ctx, uint64_t n)
{
	struct mem_state *st = ctx->state;
	size_t k;

	while (n > 0) {
		k = mem_span(st, &n);
		mem_fwr((uint32_t *)(void *)(st->src + st->pos), k);
		mem_advance(st, k);
	}
	return BENCH_OK;
}

/* ---- Setup and teardown ----------------------------------------------- */

/* Map `len` bytes and fault every page in now, outside the timing. */
static int
mem_map_touched(struct bench_ctx *ctx, struct mem_map *m, size_t len)
{
	void *p;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	if (p == MAP_FAILED)
		return bench_fail(ctx, "mmap", errno);
	m->base = p;
	m->len = len;
	memset(p, 0, len);
	return BENCH_OK;
}

/* The buffer to read or write: --mem-size, in whole chunks. */
static int
mem_setup(struct bench_ctx *ctx)
{
	struct mem_state *st;
	size_t bytes = ctx->mem_bytes ? ctx->mem_bytes : MEM_DEFAULT_SIZE;
	int rc;

	bytes -= bytes % MEM_CHUNK;
	if (bytes == 0)
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "buffer of %zu bytes is under one %u-byte chunk",
		    ctx->mem_bytes, MEM_CHUNK);
	if ((st = calloc(1, sizeof *st)) == NULL)
		return bench_fail(ctx, "calloc", errno);
	ctx->state = st;
	if ((rc = mem_map_touched(ctx, &st->src_map, bytes)) != BENCH_OK)
		return rc;
	st->src = st->src_map.base;
	st->bytes = bytes;
	return BENCH_OK;
}

/* A second buffer as large, the destination 1920 bytes into it. */
static int
mem_copy_setup(struct bench_ctx *ctx)
{
	struct mem_state *st;
	int rc;

	if ((rc = mem_setup(ctx)) != BENCH_OK)
		return rc;
	st = ctx->state;
	rc = mem_map_touched(ctx, &st->dst_map, st->bytes + 2048u);
	if (rc != BENCH_OK)
		return rc;
	st->dst = (unsigned char *)st->dst_map.base + MEM_DST_SKEW;
	return BENCH_OK;
}

static void
mem_unmap(struct mem_map *m)
{
	if (m->base != NULL)
		(void)munmap(m->base, m->len);
	m->base = NULL;
}

static void
mem_teardown(struct bench_ctx *ctx)
{
	struct mem_state *st = ctx->state;

	if (st == NULL)
		return;
	mem_unmap(&st->src_map);
	mem_unmap(&st->dst_map);
	free(st);
	ctx->state = NULL;
}

/* ---- The table -------------------------------------------------------- */

static const struct bench_test mem_tests[] = {
	{
	    .id = "lmbench.bw_bcopy_libc",
	    .title = "bcopy (libc)",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_MEMORY,
	    .definition = "512 bytes of a memmove (libc's bcopy) of the "
	                  "--mem-size buffer to a second one, in calls of up "
	                  "to the whole buffer (bw_mem bcopy); bytes copied "
	                  "counted once",
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = MEM_CHUNK,
	    .flags = 0,
	    .setup = mem_copy_setup,
	    .run = mem_bcopy_libc_run,
	    .teardown = mem_teardown,
	},
	{
	    .id = "lmbench.bw_bcopy_hand",
	    .title = "bcopy (hand)",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_MEMORY,
	    .definition = "one 512-byte chunk of the --mem-size buffer copied "
	                  "to a second one as 128 4-byte word loads and "
	                  "stores, unrolled (bw_mem fcp); bytes copied "
	                  "counted once",
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = MEM_CHUNK,
	    .flags = 0,
	    .setup = mem_copy_setup,
	    .run = mem_bcopy_hand_run,
	    .teardown = mem_teardown,
	},
	{
	    .id = "lmbench.bw_mem_read",
	    .title = "memory read",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_MEMORY,
	    .definition = "one 512-byte chunk of the --mem-size buffer read: "
	                  "its 128 4-byte words summed, unrolled (bw_mem frd)",
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = MEM_CHUNK,
	    .flags = 0,
	    .setup = mem_setup,
	    .run = mem_read_run,
	    .teardown = mem_teardown,
	},
	{
	    .id = "lmbench.bw_mem_write",
	    .title = "memory write",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_MEMORY,
	    .definition = "one 512-byte chunk of the --mem-size buffer "
	                  "written: 1 stored to each of its 128 4-byte words, "
	                  "unrolled, last word first (bw_mem fwr)",
	    .version = 2,
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = MEM_CHUNK,
	    .flags = 0,
	    .setup = mem_setup,
	    .run = mem_write_run,
	    .teardown = mem_teardown,
	},
};

const struct bench_family bench_mem_family = {
	.name = "mem",
	.title = "Memory bandwidth (lmbench bw_mem)",
	.tests = mem_tests,
	.ntests = sizeof(mem_tests) / sizeof(mem_tests[0]),
};
