// The only C the HTTP server sees of libmicrohttpd: its header, plus wrappers for the calls
// Swift cannot make itself, and the Linux headers Swift's Glibc module leaves out that the server
// uses beside it (epoll and eventfd, to watch suspended connections: HangupWatcher).
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <microhttpd.h>
#include <sys/types.h>
#include <sys/socket.h>
#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif

/// The URI-log callback's type; microhttpd.h never names it, so Swift could not spell it.
typedef void *(*CMHD_URILogCallback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// How a daemon is tuned: everything `cmhd_start_daemon` passes as an option.
struct CMHD_Tuning {
    /// Threads in the internal pool, each polling its share of the connections.
    unsigned int thread_pool_size;
    /// Seconds a connection may go without any traffic before it is closed.
    unsigned int connection_timeout_seconds;
    /// Per-connection memory: the request head must fit in it.
    size_t connection_memory_limit;
    /// Connections served at once; more are refused as they arrive.
    unsigned int connection_limit;
    /// Connections the kernel may hold waiting for accept.
    unsigned int listen_backlog;
};

/// Starts a daemon with exactly the options the HTTP server uses.
/// Exists because MHD_start_daemon is variadic, which Swift cannot call.
/// `address` must point to a sockaddr_in or sockaddr_in6 (MHD binds it before returning).
/// `tls_key` and `tls_cert` are PEM text for an HTTPS daemon (`flags` then has MHD_USE_TLS), or
/// both NULL; they must stay valid until the daemon is stopped.
static inline struct MHD_Daemon *cmhd_start_daemon(
    unsigned int flags,
    const struct sockaddr *address,
    struct CMHD_Tuning tuning,
    const char *tls_key,
    const char *tls_cert,
    MHD_AccessHandlerCallback access_handler,
    MHD_RequestCompletedCallback completed,
    MHD_NotifyConnectionCallback connection_notifier,
    CMHD_URILogCallback uri_logger,
    MHD_LogCallback error_logger,
    void *context)
{
    struct MHD_OptionItem tls[] = {
        { MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)tls_key },
        { MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)tls_cert },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(
        flags, 0 /* port comes from `address` */, NULL, NULL,
        access_handler, context,
        /* First, or libmicrohttpd logs the options before it to stderr itself. */
        MHD_OPTION_EXTERNAL_LOGGER, error_logger, context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_NOTIFY_CONNECTION, connection_notifier, context,
        MHD_OPTION_URI_LOG_CALLBACK, uri_logger, context,
        MHD_OPTION_THREAD_POOL_SIZE, tuning.thread_pool_size,
        MHD_OPTION_CONNECTION_TIMEOUT, tuning.connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, tuning.connection_memory_limit,
        MHD_OPTION_CONNECTION_LIMIT, tuning.connection_limit,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, tuning.listen_backlog,
        /* Not strict: its strict mode closed the connection without an answer for a space in the
           target and wrote its head twice for a missing Host; the server refuses both itself
           (RequestFramingCheck), with the app's error body. */
        MHD_OPTION_STRICT_FOR_CLIENT, (int)0,
        /* An empty list for plain HTTP: the key and certificate start it. */
        MHD_OPTION_ARRAY, tls_key != NULL ? tls : &tls[2],
        MHD_OPTION_END);
}

/// The port the daemon really listens on (the answer to port 0), or 0 when unknown.
/// Exists because MHD_get_daemon_info is variadic.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// How many connections the daemon serves now, or 0 when unknown.
/// Exists because MHD_get_daemon_info is variadic.
static inline unsigned int cmhd_current_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// The peer's socket address, or NULL.
/// Exists because MHD_get_connection_info is variadic.
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// The connection's socket, or -1.
/// Exists because MHD_get_connection_info is variadic.
static inline int cmhd_connection_socket(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// MHD_CONTENT_READER_END_WITH_ERROR is a cast macro, which Swift does not import.
static const ssize_t CMHD_CONTENT_READER_END_WITH_ERROR = MHD_CONTENT_READER_END_WITH_ERROR;

/// MHD_CONTENT_READER_END_OF_STREAM is a cast macro too.
static const ssize_t CMHD_CONTENT_READER_END_OF_STREAM = MHD_CONTENT_READER_END_OF_STREAM;

#endif
