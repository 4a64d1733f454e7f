/*
 * bench-net-loopback.c: the loopback plumbing of the whole net family
 * (bench-net.c and bench-net-rpc.c): a server partner process, sockets
 * bound to 127.0.0.1, and the words for a client call that failed.
 *
 * The server's sockets are made in this process, the child keeps only
 * those and the read end of a control pipe, which it arms with O_ASYNC
 * so that the closing of the pipe's write end kills it with SIGIO. Its
 * loop then blocks on its socket alone, as lmbench's servers do, with no
 * extra poll per message.
 */

#include "config.h"

#include "bench-net-loopback.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "bench-partner.h"
#include "bench.h"

#define NET_GONE_TRIES 25 /* 25 x 2 ms for a dead server to be reapable */

static int net_server_main(void *);
static void net_close_others(const struct net_server *);
static int net_arm_control(int);

/* ---- Server plumbing ---------------------------------------------------- */

void
net_loopback_server_init(struct net_server *srv)
{
	memset(srv, 0, sizeof *srv);
	srv->ctl[0] = srv->ctl[1] = -1;
}

int
net_loopback_server_start(struct bench_ctx *ctx, struct net_server *srv,
    int (*serve)(void *), void *arg, const int *keep, int nkeep)
{
	int st;

	if (nkeep > NET_KEEP_MAX)
		return bench_fail(ctx, "net_loopback_server_start", EINVAL);
	srv->serve = serve;
	srv->arg = arg;
	srv->nkeep = nkeep;
	memcpy(srv->keep, keep, (size_t)nkeep * sizeof *keep);
	if (pipe2(srv->ctl, O_CLOEXEC) != 0)
		return bench_fail(ctx, "pipe", errno);
	st = bench_partner_proc_start(ctx, &srv->proc, net_server_main, srv,
	    ctx->partner_cpu);
	bench_close_fd(&srv->ctl[0]);
	return st;
}

void
net_loopback_server_stop(struct net_server *srv)
{
	bench_close_fd(&srv->ctl[1]);
	bench_close_fd(&srv->ctl[0]);
	bench_partner_proc_stop(&srv->proc);
}

/*
 * In the child, from here to _exit: system calls, and libtirpc's XDR
 * routines on buffers made before the fork; no malloc, no lock.
 */
static int
net_server_main(void *arg)
{
	const struct net_server *srv = arg;

	net_close_others(srv);
	if (net_arm_control(srv->ctl[0]) != 0)
		return 125;
	return srv->serve(srv->arg);
}

/* close_range(2) where the kernel has it (5.9), else one close() each. */
static void
net_close_range(unsigned lo, unsigned hi)
{
	struct rlimit rl;

	if (lo > hi)
		return;
#ifdef SYS_close_range
	if (syscall(SYS_close_range, lo, hi, 0) == 0)
		return;
#endif
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < hi)
		hi = rl.rlim_cur == 0 ? 0 : (unsigned)rl.rlim_cur - 1;
	for (unsigned fd = lo; fd <= hi; fd++)
		(void)close((int)fd);
}

/*
 * The fork copied every descriptor of benchtop: the client's own socket
 * (which would hide the client's close from the server), other tests'
 * sockets and pipes (which would outlive their tests), and the write
 * end of our control pipe (which would keep it from ever reaching EOF).
 */
static void
net_close_others(const struct net_server *srv)
{
	int keep[NET_KEEP_MAX + 1], n = 0;
	unsigned lo = 3;

	keep[n++] = srv->ctl[0];
	for (int i = 0; i < srv->nkeep; i++)
		keep[n++] = srv->keep[i];
	for (int i = 1; i < n; i++) /* insertion sort, at most 5 */
		for (int j = i; j > 0 && keep[j - 1] > keep[j]; j--) {
			int t = keep[j];

			keep[j] = keep[j - 1];
			keep[j - 1] = t;
		}
	for (int i = 0; i < n; i++) {
		if (keep[i] < (int)lo)
			continue;
		net_close_range(lo, (unsigned)keep[i] - 1);
		lo = (unsigned)keep[i] + 1;
	}
	net_close_range(lo, ~0u);
}

/*
 * O_ASYNC on the read end: when the last writer closes, the kernel sends
 * the owner SIGIO, whose default action ends the process, even while it
 * blocks in recvfrom or accept. The read afterwards catches a pipe that
 * closed before the arming.
 */
static int
net_arm_control(int fd)
{
	struct sigaction dfl;
	char c;
	int fl;

	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	if (sigaction(SIGIO, &dfl, NULL) != 0 ||
	    fcntl(fd, F_SETOWN, getpid()) != 0 ||
	    (fl = fcntl(fd, F_GETFL)) < 0 ||
	    fcntl(fd, F_SETFL, fl | O_ASYNC | O_NONBLOCK) != 0)
		return -1;
	if (read(fd, &c, 1) == 0)
		_exit(0);
	return 0;
}

/* ---- Sockets ------------------------------------------------------------ */

static void
net_loopback(struct sockaddr_in *sin)
{
	memset(sin, 0, sizeof *sin);
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK); /* port 0: ephemeral */
}

int
net_loopback_socket(struct bench_ctx *ctx, int type, int *fd,
    struct sockaddr_in *addr)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;

	if ((*fd = socket(AF_INET, type | SOCK_CLOEXEC, 0)) < 0)
		return bench_fail(ctx, "socket", errno);
	net_loopback(&sin);
	if (bind(*fd, (struct sockaddr *)&sin, sizeof sin) != 0)
		return bench_fail(ctx, "bind 127.0.0.1", errno);
	if (addr == NULL)
		return BENCH_OK;
	if (getsockname(*fd, (struct sockaddr *)addr, &len) != 0)
		return bench_fail(ctx, "getsockname", errno);
	return BENCH_OK;
}

static int
net_set_buf(struct bench_ctx *ctx, int fd, int opt, int bytes)
{
	if (bytes > 0 && setsockopt(fd, SOL_SOCKET, opt, &bytes, sizeof bytes))
		return bench_fail(ctx,
		    opt == SO_RCVBUF ? "setsockopt SO_RCVBUF"
		                     : "setsockopt SO_SNDBUF",
		    errno);
	return BENCH_OK;
}

/* Connect first, accept after: the kernel finishes the handshake alone. */
int
net_loopback_tcp_pair(struct bench_ctx *ctx, int *cfd, int *afd, int rcvbuf,
    int sndbuf)
{
	struct sockaddr_in addr;
	int lfd = -1, st;

	if ((st = net_loopback_socket(ctx, SOCK_STREAM, &lfd, &addr)) !=
	        BENCH_OK ||
	    (st = net_set_buf(ctx, lfd, SO_SNDBUF, sndbuf)) != BENCH_OK)
		goto out;
	if (listen(lfd, 1) != 0) {
		st = bench_fail(ctx, "listen", errno);
		goto out;
	}
	if ((*cfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0) {
		st = bench_fail(ctx, "socket", errno);
		goto out;
	}
	if ((st = net_set_buf(ctx, *cfd, SO_RCVBUF, rcvbuf)) != BENCH_OK)
		goto out;
	if (connect(*cfd, (struct sockaddr *)&addr, sizeof addr) != 0)
		st = bench_fail(ctx, "connect", errno);
	else if ((*afd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC)) < 0)
		st = bench_fail(ctx, "accept", errno);
	else if ((st = net_loopback_abort_on_close(ctx, *cfd)) == BENCH_OK &&
	    (st = net_loopback_abort_on_close(ctx, *afd)) == BENCH_OK)
		st = net_set_buf(ctx, *afd, SO_SNDBUF, sndbuf);
out:
	bench_close_fd(&lfd);
	return st;
}

int
net_loopback_abort_on_close(struct bench_ctx *ctx, int fd)
{
	static const struct linger abort_close = { .l_onoff = 1,
		.l_linger = 0 };

	if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort_close,
	        sizeof abort_close) != 0)
		return bench_fail(ctx, "setsockopt SO_LINGER", errno);
	return BENCH_OK;
}

int
net_loopback_set_timeout(struct bench_ctx *ctx, int fd)
{
	struct timeval tv = { .tv_sec = NET_TIMEOUT_S, .tv_usec = 0 };

	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) != 0)
		return bench_fail(ctx, "setsockopt SO_RCVTIMEO", errno);
	return BENCH_OK;
}

/* ---- Failures ----------------------------------------------------------- */

/*
 * A dead server's sockets close before it becomes a zombie, so the
 * client can see EOF a moment before waitpid can: wait up to 50 ms.
 */
static int
net_server_gone(struct bench_ctx *ctx, struct net_server *srv)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = 2000000 };

	for (int i = 0; i < NET_GONE_TRIES; i++) {
		if (bench_partner_proc_gone(ctx, &srv->proc))
			return 1;
		(void)nanosleep(&ts, NULL);
	}
	return 0;
}

int
net_loopback_lost(struct bench_ctx *ctx, struct net_server *srv,
    const char *what)
{
	if (ctx->stop != NULL && atomic_load(ctx->stop))
		return bench_reason(ctx, BENCH_STOPPED, "stopped");
	if (net_server_gone(ctx, srv))
		return BENCH_FAILED;
	return bench_reason(ctx, BENCH_FAILED, "%s", what);
}

int
net_loopback_lost_errno(struct bench_ctx *ctx, struct net_server *srv,
    const char *call, int err)
{
	char what[BENCH_REASON_MAX];

	if (err == 0)
		(void)snprintf(what, sizeof what,
		    "%s: the server closed the connection", call);
	else if (err == EAGAIN || err == EWOULDBLOCK)
		(void)snprintf(what, sizeof what, "%s: no reply within %d s",
		    call, NET_TIMEOUT_S);
	else
		(void)snprintf(what, sizeof what, "%s: %s", call,
		    strerror(err));
	return net_loopback_lost(ctx, srv, what);
}
