/*
 * bench-net-loopback.h: the loopback plumbing of the net family, which
 * bench-net.c and bench-net-rpc.c share.
 *
 * Only the net family's files include this. The plumbing:
 *
 *   setup:     net_loopback_server_init(&srv) with the state,
 * net_loopback_socket() or net_loopback_tcp_pair() for the descriptors, then
 *              net_loopback_server_start(ctx, &srv, serve, arg, keep, nkeep)
 * and close the server's descriptors in this process; serve:     runs in the
 * partner process with only 0-2, the control pipe and `keep` open; blocks on
 * its sockets as lmbench's servers do; returns (or dies) when the client goes
 * away; run:       on an error, EOF or timeout: return
 * net_loopback_lost_errno(); teardown:  net_loopback_server_stop(&srv), then
 * close the client's sockets.
 *
 * Every socket lives in the host's network namespace, so that a row
 * measures the loopback path as the host has it configured (its
 * firewall rules, queueing disciplines and sysctls). A TCP connection
 * that lives as long as the test is closed abortively at teardown
 * (net_loopback_abort_on_close): a reset, which leaves no end of it in
 * TIME_WAIT on the host.
 */

#ifndef BENCHTOP_NET_LOOPBACK_H
#define BENCHTOP_NET_LOOPBACK_H

#include <netinet/in.h>

#include "bench-partner.h"
#include "bench.h"

struct bench_ctx;

/* A client's receive timeout: a silent server fails the run after it. */
#define NET_TIMEOUT_S 2

#define NET_KEEP_MAX 4 /* descriptors a server may keep */

/* A server partner process and the control pipe whose closing ends it. */
struct net_server {
	struct bench_partner_proc proc;
	int ctl[2];             /* ctl[1] stays here; ctl[0] is the child's */
	int (*serve)(void *);   /* lmbench's server loop */
	void *arg;              /* its argument */
	int keep[NET_KEEP_MAX]; /* descriptors the child keeps open */
	int nkeep;
};

/* No process, no pipe: what teardown copes with. */
void net_loopback_server_init(struct net_server *);

/*
 * Fork `serve(arg)` on ctx->partner_cpu. The child closes every
 * descriptor but 0-2, its end of the control pipe and keep[0..nkeep-1],
 * and dies of SIGIO when the control pipe's last writer closes.
 */
int net_loopback_server_start(struct bench_ctx *, struct net_server *,
    int (*serve)(void *), void *arg, const int *keep, int nkeep);

/* Close the control pipe, SIGKILL and reap the child; idempotent. */
void net_loopback_server_stop(struct net_server *);

/*
 * A socket of `type` (SOCK_DGRAM or SOCK_STREAM) bound to 127.0.0.1 on an
 * ephemeral port; its address in *addr when addr is not NULL.
 */
int net_loopback_socket(struct bench_ctx *, int type, int *fd,
    struct sockaddr_in *addr);

/*
 * One TCP connection on loopback: *cfd the client's end, *afd the
 * accepted end. rcvbuf and sndbuf, when > 0, size the client's receive
 * and the server's send buffer before the connection is made, as
 * lmbench's SOCKOPT_READ and SOCKOPT_WRITE. Both ends close abortively.
 */
int net_loopback_tcp_pair(struct bench_ctx *, int *cfd, int *afd, int rcvbuf,
    int sndbuf);

/*
 * SO_LINGER of 0: the socket's close sends a reset instead of a FIN, so
 * that neither end waits in TIME_WAIT. Options on a socket hold in every
 * process that has it, so a server's exit closes it the same way.
 */
int net_loopback_abort_on_close(struct bench_ctx *, int fd);

/* SO_RCVTIMEO of NET_TIMEOUT_S on a client socket. */
int net_loopback_set_timeout(struct bench_ctx *, int fd);

/*
 * Why a client call failed: the run was stopped, or the server died
 * (bench_partner_proc_gone's reason), or else "call: " and errno's text
 * (err 0: the server closed the connection; EAGAIN: no reply in time).
 * Returns the status for run() to return.
 */
int net_loopback_lost_errno(struct bench_ctx *, struct net_server *,
    const char *call, int err);

/* The same with the failure already worded, for errors that are not errno. */
int net_loopback_lost(struct bench_ctx *, struct net_server *,
    const char *what);

#endif
