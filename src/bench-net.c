/*
 * bench-net.c: loopback network latencies and bandwidth (lmbench 2.0).
 *
 * lmbench 2.0's lat_udp, lat_tcp, lat_rpc (bench-net-rpc.c), lat_connect and
 * bw_tcp, the "*Local* Communication" columns of its summary, and its
 * "selct TCP" column (lat_select tcp 100). lmbench ran each client
 * against a server process on localhost, found through fixed ports or
 * the portmapper; here every server listens on 127.0.0.1 on an
 * ephemeral port. Message sizes are lmbench's: a 4-byte sequence number
 * for UDP, 1 byte for TCP, 64 KiB chunks (XFERSIZE) with 1 MiB socket
 * buffers (SOCKBUF) for bandwidth.
 *
 * DESIGN
 *
 * setup makes the server's sockets in this process (bound, and for a
 * TCP connection already connected and accepted), then forks the server
 * on ctx->partner_cpu through net_loopback_server_start (bench-net-loopback.c),
 * which keeps only those sockets in the child. The child runs lmbench's server
 * loop, blocking in its socket calls and nothing else (no poll per message),
 * and ends with its connection, with its control pipe (SIGIO) or with
 * benchtop (PDEATHSIG). This process then closes its copies of the server's
 * sockets, so that a dead server shows in run() as EOF, ECONNRESET or
 * ECONNREFUSED, and a stuck one as the client's NET_TIMEOUT_S receive
 * timeout; run() then returns the partner's fate as its reason.
 *
 * Every socket lives in the host's network namespace, so that the rows
 * see the host's loopback path as configured: its firewall rules,
 * queueing disciplines and sysctls. None may be left waiting in
 * TIME_WAIT on the host, where a run of lat_connect (some 25,000
 * connections a second) would leave a minute's worth: the long-lived
 * connections close with a reset (net_loopback_tcp_pair), and lat_connect's
 * server answers each client's FIN with one (connect_setup).
 *
 * lmbench.select_tcp, which has no partner, is bench-net-select.c's.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench-net-loopback.h"
#include "bench-net-rpc.h"
#include "bench-net-select.h"
#include "bench.h"

#define NET_XFERSIZE        (64 * 1024)   /* lmbench's XFERSIZE */
#define NET_SOCKBUF         (1024 * 1024) /* lmbench's SOCKBUF */
#define NET_CONNECT_BACKLOG 4096          /* lmbench: 100; see connect_setup */
#define NET_CONNECT_PORTS   NET_KEEP_MAX  /* see connect_run */

struct net_state {
	struct net_server srv;
	int fd;        /* the client's socket */
	int srv_fd;    /* the server's socket, until the fork */
	uint32_t seq;  /* lat_udp: the next sequence number */
	char *buf;     /* bw_tcp: the client's chunk */
	char *srv_buf; /* bw_tcp: the server's chunk */
	unsigned next; /* lat_connect: the listener to connect to next */
	/* lat_connect: the listeners (until the fork) and their addresses */
	int lfd[NET_CONNECT_PORTS];
	struct sockaddr_in addrs[NET_CONNECT_PORTS];
};

static int
net_state_new(struct bench_ctx *ctx, struct net_state **out)
{
	struct net_state *s = bench_state_new(ctx, sizeof *s);

	if ((*out = s) == NULL)
		return BENCH_FAILED;
	net_loopback_server_init(&s->srv);
	s->fd = s->srv_fd = -1;
	for (int i = 0; i < NET_CONNECT_PORTS; i++)
		s->lfd[i] = -1;
	return BENCH_OK;
}

/* Server first: once it is dead no client socket can be blocked on it. */
static void
net_teardown(struct bench_ctx *ctx)
{
	struct net_state *s = ctx->state;

	if (s == NULL)
		return;
	net_loopback_server_stop(&s->srv);
	bench_close_fd(&s->fd);
	bench_close_fd(&s->srv_fd);
	for (int i = 0; i < NET_CONNECT_PORTS; i++)
		bench_close_fd(&s->lfd[i]);
	free(s->buf);
	free(s->srv_buf);
	free(s);
	ctx->state = NULL;
}

/* Fork `serve` on the server's socket, then let go of that socket here. */
static int
net_fork_server(struct bench_ctx *ctx, struct net_state *s,
    int (*serve)(void *))
{
	int st;

	st = net_loopback_server_start(ctx, &s->srv, serve, s, &s->srv_fd, 1);
	bench_close_fd(&s->srv_fd);
	return st;
}

/* ---- lmbench 2.0: lat_udp ----------------------------------------------- */

/* lmbench's server answers each sequence number with its own count. */
static int
udp_serve(void *arg)
{
	const struct net_state *s = arg;
	struct sockaddr_in from;
	socklen_t len;
	uint32_t sent, seq = 0;

	for (;;) {
		len = sizeof from;
		if (recvfrom(s->srv_fd, &sent, sizeof sent, 0,
		        (struct sockaddr *)&from, &len) < 0) {
			if (errno == EINTR)
				continue;
			return 1;
		}
		if (ntohl(sent) != ++seq)
			seq = ntohl(sent);
		sent = htonl(seq);
		if (sendto(s->srv_fd, &sent, sizeof sent, 0,
		        (struct sockaddr *)&from, len) < 0)
			return 1;
	}
}

static int
udp_setup(struct bench_ctx *ctx)
{
	struct sockaddr_in addr;
	struct net_state *s = NULL;
	int st;

	if ((st = net_state_new(ctx, &s)) != BENCH_OK ||
	    (st = net_loopback_socket(ctx, SOCK_DGRAM, &s->srv_fd, &addr)) !=
	        BENCH_OK)
		return st;
	if ((s->fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)) < 0)
		return bench_fail(ctx, "socket", errno);
	if (connect(s->fd, (struct sockaddr *)&addr, sizeof addr) != 0)
		return bench_fail(ctx, "connect", errno);
	if ((st = net_loopback_set_timeout(ctx, s->fd)) != BENCH_OK)
		return st;
	return net_fork_server(ctx, s, udp_serve);
}

/* One op: send the next sequence number, receive the server's. */
static int
udp_run(struct bench_ctx *ctx, uint64_t n)
{
	struct net_state *s = ctx->state;
	uint32_t seq = s->seq, msg = 0;
	ssize_t r;

	while (n-- > 0) {
		msg = htonl(seq++);
		if (send(s->fd, &msg, sizeof msg, 0) != (ssize_t)sizeof msg)
			return net_loopback_lost_errno(ctx, &s->srv, "send",
			    errno);
		if ((r = recv(s->fd, &msg, sizeof msg, 0)) !=
		    (ssize_t)sizeof msg)
			return net_loopback_lost_errno(ctx, &s->srv, "recv",
			    r < 0 ? errno : EPROTO);
	}
	s->seq = seq;
	bench_sink += msg;
	return BENCH_OK;
}

/* ---- lmbench 2.0: lat_tcp ----------------------------------------------- */

static int
tcp_serve(void *arg)
{
	const struct net_state *s = arg;
	char c;

	while (read(s->srv_fd, &c, 1) == 1)
		if (write(s->srv_fd, &c, 1) != 1)
			return 1;
	return 0;
}

static int
tcp_setup(struct bench_ctx *ctx)
{
	struct net_state *s = NULL;
	int st;

	if ((st = net_state_new(ctx, &s)) != BENCH_OK ||
	    (st = net_loopback_tcp_pair(ctx, &s->fd, &s->srv_fd, 0, 0)) !=
	        BENCH_OK ||
	    (st = net_loopback_set_timeout(ctx, s->fd)) != BENCH_OK)
		return st;
	return net_fork_server(ctx, s, tcp_serve);
}

/* One op: write 1 byte, read the server's echo (Nagle on, as lmbench). */
static int
tcp_run(struct bench_ctx *ctx, uint64_t n)
{
	struct net_state *s = ctx->state;
	ssize_t r;
	char c = 0;

	while (n-- > 0) {
		if (write(s->fd, &c, 1) != 1)
			return net_loopback_lost_errno(ctx, &s->srv, "write",
			    errno);
		if ((r = read(s->fd, &c, 1)) != 1)
			return net_loopback_lost_errno(ctx, &s->srv, "read",
			    r < 0 ? errno : 0);
	}
	bench_sink += (uint64_t)(unsigned char)c;
	return BENCH_OK;
}

/* ---- lmbench 2.0: lat_connect ------------------------------------------- */

/* lmbench's server, on each listener in the order the client uses them. */
static int
connect_serve(void *arg)
{
	const struct net_state *s = arg;
	unsigned i = 0;
	int fd;
	char c;

	for (;;) {
		fd = accept(s->lfd[i % NET_CONNECT_PORTS], NULL, NULL);
		if (fd < 0 && errno == EINTR)
			continue;
		if (fd < 0 && errno != ECONNABORTED)
			return 1;
		i++;
		if (fd < 0)
			continue;
		(void)read(fd, &c, 1); /* returns at the client's close */
		(void)close(fd);       /* a reset: see connect_setup */
	}
}

/*
 * The backlog is deeper than lmbench's 100: with both parties on one
 * CPU the client can run far ahead of the server's accepts, and a full
 * queue would drop a SYN and stall a connect for the 1 s retransmission.
 *
 * The listeners' SO_LINGER of 0 passes to every connection they accept,
 * so that the server's close, after the client's FIN, is a reset
 * instead of lmbench's FIN: the client's end, in FIN_WAIT2, is freed at
 * once instead of waiting a minute in TIME_WAIT, and a long run leaves
 * not tens of thousands of them on the host. The connection the server
 * holds when it is stopped goes the same way. Both parties' calls are
 * lmbench's.
 */
static int
connect_setup(struct bench_ctx *ctx)
{
	struct net_state *s = NULL;
	int st;

	if ((st = net_state_new(ctx, &s)) != BENCH_OK)
		return st;
	for (int i = 0; i < NET_CONNECT_PORTS; i++) {
		st = net_loopback_socket(ctx, SOCK_STREAM, &s->lfd[i],
		    &s->addrs[i]);
		if (st != BENCH_OK)
			return st;
		if ((st = net_loopback_abort_on_close(ctx, s->lfd[i])) !=
		    BENCH_OK)
			return st;
		if (listen(s->lfd[i], NET_CONNECT_BACKLOG) != 0)
			return bench_fail(ctx, "listen", errno);
	}
	st = net_loopback_server_start(ctx, &s->srv, connect_serve, s, s->lfd,
	    NET_CONNECT_PORTS);
	for (int i = 0; i < NET_CONNECT_PORTS; i++)
		bench_close_fd(&s->lfd[i]);
	return st;
}

static int
connect_failed(struct bench_ctx *ctx, struct net_state *s, int err)
{
	if (err == EADDRNOTAVAIL)
		return bench_reason(ctx, BENCH_FAILED,
		    "connect: no free ephemeral port (all in TIME_WAIT)");
	return net_loopback_lost_errno(ctx, &s->srv, "connect", err);
}

/*
 * One op: socket, connect, close, the client closing first as lmbench's
 * does. Its end is freed by the server's reset (connect_setup). A
 * client that runs ahead of its server has ports in FIN_WAIT2 until the
 * server's accept comes to them, and ~28000 ephemeral ports towards one
 * server port could run out: turning over four server ports gives four
 * times the (port, port) pairs. The kernel's work per connection is the
 * same whichever port it picks.
 */
static int
connect_run(struct bench_ctx *ctx, uint64_t n)
{
	struct net_state *s = ctx->state;
	const struct sockaddr_in *to;
	int fd, err;

	while (n-- > 0) {
		to = &s->addrs[s->next % NET_CONNECT_PORTS];
		if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
			return bench_fail(ctx, "socket", errno);
		if (connect(fd, (const struct sockaddr *)to, sizeof *to) != 0) {
			err = errno;
			(void)close(fd);
			return connect_failed(ctx, s, err);
		}
		(void)close(fd);
		s->next++;
	}
	return BENCH_OK;
}

/* ---- lmbench 2.0: bw_tcp ------------------------------------------------ */

/* lmbench's source: 64 KiB writes for as long as the client reads. */
static int
bw_serve(void *arg)
{
	const struct net_state *s = arg;

	while (write(s->srv_fd, s->srv_buf, NET_XFERSIZE) > 0)
		;
	return 0;
}

static int
bw_alloc(struct bench_ctx *ctx, char **buf)
{
	int err = posix_memalign((void **)buf, 4096, NET_XFERSIZE);

	if (err != 0) {
		*buf = NULL;
		return bench_fail(ctx, "posix_memalign", err);
	}
	memset(*buf, 1, NET_XFERSIZE); /* lmbench touches its buffers */
	return BENCH_OK;
}

static int
bw_setup(struct bench_ctx *ctx)
{
	struct net_state *s = NULL;
	int st;

	if ((st = net_state_new(ctx, &s)) != BENCH_OK ||
	    (st = bw_alloc(ctx, &s->buf)) != BENCH_OK ||
	    (st = bw_alloc(ctx, &s->srv_buf)) != BENCH_OK)
		return st;
	st = net_loopback_tcp_pair(ctx, &s->fd, &s->srv_fd, NET_SOCKBUF,
	    NET_SOCKBUF);
	if (st != BENCH_OK ||
	    (st = net_loopback_set_timeout(ctx, s->fd)) != BENCH_OK)
		return st;
	return net_fork_server(ctx, s, bw_serve);
}

/*
 * n ops = n x 64 KiB read into the client's buffer, with reads of at
 * most 64 KiB as lmbench's transfer() makes them. The connection is set
 * up once (lmbench counted its setup, spread over >= 10 MB).
 */
static int
bw_run(struct bench_ctx *ctx, uint64_t n)
{
	struct net_state *s = ctx->state;
	uint64_t todo = n * NET_XFERSIZE;
	size_t want;
	ssize_t c;

	while (todo > 0) {
		want = todo < NET_XFERSIZE ? (size_t)todo : NET_XFERSIZE;
		if ((c = read(s->fd, s->buf, want)) <= 0)
			return net_loopback_lost_errno(ctx, &s->srv, "read",
			    c < 0 ? errno : 0);
		todo -= (uint64_t)c;
	}
	bench_sink += (uint64_t)(unsigned char)s->buf[0];
	return BENCH_OK;
}

#define NET_FLAGS (BENCH_F_PARTNER | BENCH_F_LOOPBACK)

static const struct bench_test net_tests[] = {
	{
	    .id = "lmbench.lat_udp",
	    .title = "UDP latency",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_NETWORK,
	    .definition = "round trip of a 4-byte sequence number over UDP: "
	                  "send and recv on a connected socket, the server "
	                  "answers with recvfrom/sendto (lat_udp)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = NET_FLAGS,
	    .setup = udp_setup,
	    .run = udp_run,
	    .teardown = net_teardown,
	},
	{
	    .id = "lmbench.lat_tcp",
	    .title = "TCP latency",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_NETWORK,
	    .definition = "round trip of 1 byte over one TCP connection: "
	                  "write and read, the server reads and writes it "
	                  "back (lat_tcp)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = NET_FLAGS,
	    .setup = tcp_setup,
	    .run = tcp_run,
	    .teardown = net_teardown,
	},
	{
	    .id = "lmbench.lat_rpc_udp",
	    .title = "RPC/UDP latency",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_NETWORK,
	    .definition = "one Sun RPC call over UDP through libtirpc: "
	                  "clnt_call of a char, answered with a char "
	                  "(lat_rpc udp; no portmapper)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = NET_FLAGS,
	    .setup = net_rpc_udp_setup,
	    .run = net_rpc_run,
	    .teardown = net_rpc_teardown,
	},
	{
	    .id = "lmbench.lat_rpc_tcp",
	    .title = "RPC/TCP latency",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_NETWORK,
	    .definition = "one Sun RPC call over TCP through libtirpc: "
	                  "clnt_call of a char, answered with a char "
	                  "(lat_rpc tcp; no portmapper)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = NET_FLAGS,
	    .setup = net_rpc_tcp_setup,
	    .run = net_rpc_run,
	    .teardown = net_rpc_teardown,
	},
	{
	    .id = "lmbench.lat_connect",
	    .title = "TCP connect",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_NETWORK,
	    .definition = "socket, connect to a listening server and close, "
	                  "the client closing first (lat_connect); the "
	                  "server answers the client's FIN with a reset, so "
	                  "that no end waits in TIME_WAIT on the host",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = NET_FLAGS,
	    .setup = connect_setup,
	    .run = connect_run,
	    .teardown = net_teardown,
	},
	{
	    .id = "lmbench.bw_tcp",
	    .title = "TCP bandwidth",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_NETWORK,
	    .definition = "one 64 KiB chunk read from a TCP connection the "
	                  "server fills with 64 KiB writes, 1 MiB socket "
	                  "buffers (bw_tcp; setup not counted)",
	    .unit = BENCH_UNIT_MBPS,
	    .work_per_op = NET_XFERSIZE,
	    .flags = NET_FLAGS,
	    .setup = bw_setup,
	    .run = bw_run,
	    .teardown = net_teardown,
	},
	{
	    .id = "lmbench.select_tcp",
	    .title = "select 100 TCP fds",
	    .origin = BENCH_ORIGIN_LMBENCH,
	    .group = BENCH_GROUP_SYSCALL,
	    .definition = "one select() for writing with a zero timeout on "
	                  "100 dup()s of a connected TCP socket (lat_select "
	                  "tcp 100)",
	    .unit = BENCH_UNIT_US,
	    .work_per_op = 1,
	    .flags = BENCH_F_LOOPBACK,
	    .setup = net_select_setup,
	    .run = net_select_run,
	    .teardown = net_select_teardown,
	},
};

const struct bench_family bench_net_family = {
	.name = "net",
	.title = "Networking on loopback",
	.tests = net_tests,
	.ntests = sizeof net_tests / sizeof net_tests[0],
};
