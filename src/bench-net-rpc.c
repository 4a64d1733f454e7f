/*
 * bench-net-rpc.c: Sun RPC round trips through libtirpc (lmbench 2.0
 * lat_rpc), on the net family's loopback plumbing (bench-net-loopback.c).
 *
 * lat_rpc times clnt_call of procedure 1 of program 404040, a char in
 * and a char (123) back, over UDP or TCP to a server in another process
 * running svc_run. Here the client is libtirpc's, built by
 * clnt_tli_create on a socket bound to 127.0.0.1 and pointed at the
 * server's ephemeral port, so no portmapper or rpcbind is asked. UDP
 * calls retransmit after 2.5 ms as lmbench sets (CLSET_RETRY_TIMEOUT);
 * the total timeout is NET_TIMEOUT_S instead of lmbench's 25 ms, so a
 * busy machine slows a call rather than failing the test.
 *
 * DESIGN
 *
 * The server is a forked partner of a multi-threaded program, so it may
 * not malloc or take a lock that another thread could have held at the
 * fork. libtirpc's svc_* layer does both (svc_fd_lock, the callout list,
 * the first reply's address buffer), so the child does not call it: it
 * repeats the svc_run path with libtirpc's XDR routines on buffers made
 * before the fork. Per call, like libtirpc 1.3's svc_dg: poll, recvmsg
 * with IP_PKTINFO, xdr_callmsg and xdr_char, xdr_replymsg, sendmsg with
 * the same packet info. Like svc_vc: poll, then the record stream's
 * reads (each a poll and a read, as read_vc) and one write per reply,
 * TCP_NODELAY on both ends as clnt_tli_create and svc_vc set it.
 */

#include "config.h"

#include "bench-net-rpc.h"

#include <errno.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifdef HAVE_LIBTIRPC
#include <rpc/rpc.h>
#endif

#include "bench-net-loopback.h"
#include "bench.h"

/* ---- lmbench 2.0: lat_rpc ---------------------------------------------- */

#ifdef HAVE_LIBTIRPC

#define RPC_PROG     404040u /* lmbench's XACT_PROG */
#define RPC_VERS     1u      /* XACT_VERS */
#define RPC_PROC     1u      /* RPC_XACT: char in, char out */
#define RPC_ARG      1       /* what lmbench's client sends */
#define RPC_ANSWER   123     /* and expects back */
#define RPC_RETRY_US 2500    /* lmbench's CLSET_RETRY_TIMEOUT for UDP */
#define RPC_BUF      4096    /* a call or reply is under 100 bytes */

struct rpc_state {
	struct net_server srv;
	CLIENT *clnt;
	int fd;           /* the client's socket (clnt_destroy leaves it) */
	int srv_fd;       /* the server's socket, until the fork */
	int have_xdrs;    /* xdrs was created (tcp) */
	XDR xdrs;         /* the server's record stream (tcp) */
	char buf[RPC_BUF] /* the server's datagram (udp) */
	    __attribute__((aligned(8)));
};

static int
rpc_state_new(struct bench_ctx *ctx, struct rpc_state **out)
{
	struct rpc_state *s = bench_state_new(ctx, sizeof *s);

	if ((*out = s) == NULL)
		return BENCH_FAILED;
	net_loopback_server_init(&s->srv);
	s->fd = s->srv_fd = -1;
	return BENCH_OK;
}

void
net_rpc_teardown(struct bench_ctx *ctx)
{
	struct rpc_state *s = ctx->state;

	if (s == NULL)
		return;
	net_loopback_server_stop(&s->srv);
	if (s->clnt != NULL)
		clnt_destroy(s->clnt);
	if (s->have_xdrs)
		xdr_destroy(&s->xdrs);
	bench_close_fd(&s->fd);
	bench_close_fd(&s->srv_fd);
	free(s);
	ctx->state = NULL;
}

/* Decode a call of RPC_PROC with its char; 0 for anything else. */
static int
rpc_decode_call(XDR *x, uint32_t *xid)
{
	char cred[2 * MAX_AUTH_BYTES], arg;
	struct rpc_msg call;

	memset(&call, 0, sizeof call);
	call.rm_call.cb_cred.oa_base = cred;
	call.rm_call.cb_verf.oa_base = cred + MAX_AUTH_BYTES;
	x->x_op = XDR_DECODE;
	if (!xdr_callmsg(x, &call) || !xdr_char(x, &arg))
		return 0;
	if (call.rm_call.cb_prog != RPC_PROG ||
	    call.rm_call.cb_vers != RPC_VERS ||
	    call.rm_call.cb_proc != RPC_PROC)
		return 0;
	*xid = call.rm_xid;
	return 1;
}

/* An accepted, successful reply carrying RPC_ANSWER, as svc_sendreply. */
static int
rpc_encode_reply(XDR *x, uint32_t xid)
{
	struct rpc_msg reply;
	char answer = RPC_ANSWER;

	memset(&reply, 0, sizeof reply);
	reply.rm_xid = xid;
	reply.rm_direction = REPLY;
	reply.rm_reply.rp_stat = MSG_ACCEPTED;
	reply.acpted_rply.ar_verf = _null_auth;
	reply.acpted_rply.ar_stat = SUCCESS;
	reply.acpted_rply.ar_results.where = (caddr_t)&answer;
	reply.acpted_rply.ar_results.proc = (xdrproc_t)xdr_char;
	x->x_op = XDR_ENCODE;
	return xdr_replymsg(x, &reply);
}

/* svc_run's wait: the server blocks in poll, not in the receive. */
static int
rpc_wait(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN, .revents = 0 };

	while (poll(&p, 1, -1) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

/* The packet info svc_dg keeps for its reply, interface index cleared. */
static void
rpc_keep_pktinfo(struct msghdr *mh)
{
	struct cmsghdr *c = CMSG_FIRSTHDR(mh);

	if ((mh->msg_flags & MSG_CTRUNC) || c == NULL ||
	    c->cmsg_level != SOL_IP || c->cmsg_type != IP_PKTINFO) {
		mh->msg_control = NULL;
		mh->msg_controllen = 0;
		return;
	}
	((struct in_pktinfo *)(void *)CMSG_DATA(c))->ipi_ifindex = 0;
}

/* The UDP server, in the partner process: svc_dg's receive and reply. */
static int
rpc_dg_serve(void *arg)
{
	struct rpc_state *s = arg;
	char cbuf[CMSG_SPACE(sizeof(struct in_pktinfo))];
	struct sockaddr_in from;
	struct iovec iov;
	struct msghdr mh;
	uint32_t xid;
	ssize_t len;
	XDR x;

	for (;;) {
		if (rpc_wait(s->srv_fd) != 0)
			return 1;
		memset(&mh, 0, sizeof mh);
		iov.iov_base = s->buf;
		iov.iov_len = sizeof s->buf;
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		mh.msg_name = &from;
		mh.msg_namelen = sizeof from;
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof cbuf;
		if ((len = recvmsg(s->srv_fd, &mh, 0)) < 0) {
			if (errno == EINTR)
				continue;
			return 1;
		}
		rpc_keep_pktinfo(&mh);
		xdrmem_create(&x, s->buf, (u_int)len, XDR_DECODE);
		if (!rpc_decode_call(&x, &xid))
			continue; /* not ours: svc would answer; drop it */
		xdrmem_create(&x, s->buf, sizeof s->buf, XDR_ENCODE);
		if (!rpc_encode_reply(&x, xid))
			return 1;
		iov.iov_len = xdr_getpos(&x);
		if (sendmsg(s->srv_fd, &mh, 0) < 0)
			return 1;
	}
}

/* The record stream's reader: read_vc polls before every read. */
static int
rpc_vc_read(void *arg, void *buf, int len)
{
	struct rpc_state *s = arg;
	ssize_t n;

	if (rpc_wait(s->srv_fd) != 0)
		return -1;
	while ((n = read(s->srv_fd, buf, (size_t)len)) < 0 && errno == EINTR)
		;
	return n > 0 ? (int)n : -1;
}

static int
rpc_vc_write(void *arg, void *buf, int len)
{
	struct rpc_state *s = arg;
	const char *p = buf;
	ssize_t n;

	for (int left = len; left > 0; left -= (int)n, p += n)
		if ((n = write(s->srv_fd, p, (size_t)left)) <= 0)
			return -1;
	return len;
}

/* The TCP server: ends with the connection (EOF decodes as a failure). */
static int
rpc_vc_serve(void *arg)
{
	struct rpc_state *s = arg;
	uint32_t xid;

	for (;;) {
		if (rpc_wait(s->srv_fd) != 0)
			return 1;
		s->xdrs.x_op = XDR_DECODE;
		if (!xdrrec_skiprecord(&s->xdrs) ||
		    !rpc_decode_call(&s->xdrs, &xid))
			return 0;
		if (!rpc_encode_reply(&s->xdrs, xid) ||
		    !xdrrec_endofrecord(&s->xdrs, TRUE))
			return 1;
	}
}

/* clnt_tli_create with no netconfig: no rpcbind, no reserved port. */
static int
rpc_client(struct bench_ctx *ctx, struct rpc_state *s, struct sockaddr_in *addr)
{
	struct netbuf nb = { .maxlen = sizeof *addr,
		.len = sizeof *addr,
		.buf = addr };

	s->clnt = clnt_tli_create(s->fd, NULL, &nb, RPC_PROG, RPC_VERS, 0, 0);
	if (s->clnt != NULL)
		return BENCH_OK;
	/* rpc_createerr is a macro for this thread's copy */
	if (rpc_createerr.cf_stat == RPC_SYSTEMERROR)
		return bench_fail(ctx, "clnt_tli_create",
		    rpc_createerr.cf_error.re_errno);
	return bench_reason(ctx, BENCH_FAILED, "clnt_tli_create: %s",
	    clnt_sperrno(rpc_createerr.cf_stat));
}

int
net_rpc_udp_setup(struct bench_ctx *ctx)
{
	struct timeval retry = { .tv_sec = 0, .tv_usec = RPC_RETRY_US };
	struct sockaddr_in addr;
	struct rpc_state *s = NULL;
	int st, one = 1;

	if ((st = rpc_state_new(ctx, &s)) != BENCH_OK ||
	    (st = net_loopback_socket(ctx, SOCK_DGRAM, &s->srv_fd, &addr)) !=
	        BENCH_OK ||
	    (st = net_loopback_socket(ctx, SOCK_DGRAM, &s->fd, NULL)) !=
	        BENCH_OK)
		return st;
	if (setsockopt(s->srv_fd, SOL_IP, IP_PKTINFO, &one, sizeof one) != 0)
		return bench_fail(ctx, "setsockopt IP_PKTINFO", errno);
	st = net_loopback_server_start(ctx, &s->srv, rpc_dg_serve, s,
	    &s->srv_fd, 1);
	bench_close_fd(&s->srv_fd);
	if (st != BENCH_OK || (st = rpc_client(ctx, s, &addr)) != BENCH_OK)
		return st;
	if (!clnt_control(s->clnt, CLSET_RETRY_TIMEOUT, (char *)&retry))
		return bench_reason(ctx, BENCH_FAILED,
		    "clnt_control: cannot set the retry timeout");
	return BENCH_OK;
}

int
net_rpc_tcp_setup(struct bench_ctx *ctx)
{
	struct sockaddr_in addr;
	socklen_t len = sizeof addr;
	struct rpc_state *s = NULL;
	int st, one = 1;

	if ((st = rpc_state_new(ctx, &s)) != BENCH_OK ||
	    (st = net_loopback_tcp_pair(ctx, &s->fd, &s->srv_fd, 0, 0)) !=
	        BENCH_OK)
		return st;
	if (setsockopt(s->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) ||
	    setsockopt(s->srv_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one))
		return bench_fail(ctx, "setsockopt TCP_NODELAY", errno);
	if (getpeername(s->fd, (struct sockaddr *)&addr, &len) != 0)
		return bench_fail(ctx, "getpeername", errno);
	xdrrec_create(&s->xdrs, RPC_BUF, RPC_BUF, s, rpc_vc_read, rpc_vc_write);
	s->have_xdrs = 1;
	st = net_loopback_server_start(ctx, &s->srv, rpc_vc_serve, s,
	    &s->srv_fd, 1);
	bench_close_fd(&s->srv_fd);
	if (st != BENCH_OK)
		return st;
	return rpc_client(ctx, s, &addr);
}

/* The errno behind a failed call, when there is one, names the cause. */
static int
rpc_lost(struct bench_ctx *ctx, struct rpc_state *s, enum clnt_stat cs)
{
	struct rpc_err e;
	char what[BENCH_REASON_MAX];

	clnt_geterr(s->clnt, &e);
	if ((cs == RPC_CANTSEND || cs == RPC_CANTRECV) && e.re_errno != 0)
		(void)snprintf(what, sizeof what, "clnt_call: %s: %s",
		    clnt_sperrno(cs), strerror(e.re_errno));
	else
		(void)snprintf(what, sizeof what, "clnt_call: %s",
		    clnt_sperrno(cs));
	return net_loopback_lost(ctx, &s->srv, what);
}

int
net_rpc_run(struct bench_ctx *ctx, uint64_t n)
{
	struct timeval total = { .tv_sec = NET_TIMEOUT_S, .tv_usec = 0 };
	struct rpc_state *s = ctx->state;
	enum clnt_stat cs;
	char arg = RPC_ARG, res;

	while (n-- > 0) {
		res = 0;
		cs = clnt_call(s->clnt, RPC_PROC, (xdrproc_t)xdr_char,
		    (caddr_t)&arg, (xdrproc_t)xdr_char, (caddr_t)&res, total);
		if (cs != RPC_SUCCESS)
			return rpc_lost(ctx, s, cs);
		if (res != RPC_ANSWER)
			return bench_reason(ctx, BENCH_FAILED,
			    "clnt_call: got %d, not %d", res, RPC_ANSWER);
	}
	return BENCH_OK;
}

#else /* !HAVE_LIBTIRPC */

static int
rpc_unsupported(struct bench_ctx *ctx)
{
	return bench_reason(ctx, BENCH_UNSUPPORTED, "built without libtirpc");
}

int
net_rpc_udp_setup(struct bench_ctx *ctx)
{
	return rpc_unsupported(ctx);
}

int
net_rpc_tcp_setup(struct bench_ctx *ctx)
{
	return rpc_unsupported(ctx);
}

int
net_rpc_run(struct bench_ctx *ctx, uint64_t n)
{
	(void)n;
	return rpc_unsupported(ctx);
}

void
net_rpc_teardown(struct bench_ctx *ctx)
{
	(void)ctx;
}

#endif
