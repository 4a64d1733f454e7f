/*
 * bench-net-select.c: lmbench 2.0's lat_select tcp, the "selct TCP"
 * column of its summary (lmbench.select_tcp in bench-net.c's table).
 *
 * It has no partner: select() only asks the local socket whether it can
 * take data, so the accepted end of the connection is kept here, where
 * lmbench kept it in its server.
 */

#include "config.h"

#include "bench-net-select.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <unistd.h>

#include "bench-net-loopback.h"
#include "bench.h"

#define NET_SELECT_FDS   100 /* the summary's "selct TCP" */
#define NET_SELECT_SPARE 32  /* a guess at benchtop's own fds */

struct select_state {
	int fd;     /* the client's end */
	int srv_fd; /* the accepted end, kept here */
	int ndup;   /* descriptors in `set` */
	int maxfd;  /* the highest of them */
	fd_set set; /* the dup()s of fd */
};

/* lmbench raises its own limit; benchtop only says when it is too low. */
static int
select_check_limit(struct bench_ctx *ctx)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return bench_fail(ctx, "getrlimit RLIMIT_NOFILE", errno);
	if (rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur < NET_SELECT_FDS + NET_SELECT_SPARE)
		return bench_reason(ctx, BENCH_UNSUPPORTED,
		    "RLIMIT_NOFILE is %llu: needs %d descriptors or more",
		    (unsigned long long)rl.rlim_cur,
		    NET_SELECT_FDS + NET_SELECT_SPARE);
	return BENCH_OK;
}

/* dup() the connected socket until `set` holds NET_SELECT_FDS of them. */
static int
select_dup(struct bench_ctx *ctx, struct select_state *s)
{
	int fd;

	while (s->ndup < NET_SELECT_FDS) {
		if ((fd = fcntl(s->fd, F_DUPFD_CLOEXEC, 0)) < 0) {
			if (errno == EMFILE)
				return bench_reason(ctx, BENCH_UNSUPPORTED,
				    "out of descriptors after %d dup()s "
				    "(RLIMIT_NOFILE)",
				    s->ndup);
			return bench_fail(ctx, "dup", errno);
		}
		if (fd >= FD_SETSIZE) {
			(void)close(fd);
			return bench_reason(ctx, BENCH_UNSUPPORTED,
			    "descriptor %d is beyond select()'s FD_SETSIZE %d",
			    fd, FD_SETSIZE);
		}
		FD_SET(fd, &s->set);
		s->ndup++;
		if (fd > s->maxfd)
			s->maxfd = fd;
	}
	return BENCH_OK;
}

int
net_select_setup(struct bench_ctx *ctx)
{
	struct select_state *s;
	int st;

	if ((st = select_check_limit(ctx)) != BENCH_OK)
		return st;
	if ((s = bench_state_new(ctx, sizeof *s)) == NULL)
		return BENCH_FAILED;
	s->fd = s->srv_fd = s->maxfd = -1;
	FD_ZERO(&s->set);
	if ((st = net_loopback_tcp_pair(ctx, &s->fd, &s->srv_fd, 0, 0)) !=
	    BENCH_OK)
		return st;
	return select_dup(ctx, s);
}

/* One op: lmbench's doit(), a zero-timeout select for writing. */
int
net_select_run(struct bench_ctx *ctx, uint64_t n)
{
	struct select_state *s = ctx->state;
	struct timeval tv;
	fd_set w;
	int r = 0;

	while (n-- > 0) {
		w = s->set;
		tv.tv_sec = tv.tv_usec = 0;
		if ((r = select(s->maxfd + 1, NULL, &w, NULL, &tv)) < 0)
			return bench_fail(ctx, "select", errno);
	}
	bench_sink += (uint64_t)r;
	return BENCH_OK;
}

void
net_select_teardown(struct bench_ctx *ctx)
{
	struct select_state *s = ctx->state;

	if (s == NULL)
		return;
	for (int fd = 0; fd <= s->maxfd; fd++)
		if (FD_ISSET(fd, &s->set))
			(void)close(fd);
	bench_close_fd(&s->fd);
	bench_close_fd(&s->srv_fd);
	free(s);
	ctx->state = NULL;
}
