// The only C the mock platform sees of libmicrohttpd.
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <microhttpd.h>
#include <sys/types.h>
#include <sys/socket.h>

/// The URI-log callback's type; microhttpd.h never names it, so Swift could not spell it.
typedef void *(*CMHD_URILogCallback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon with exactly the options the HTTP server uses.
/// Exists because MHD_start_daemon is variadic, which Swift cannot call.
/// `address` must point to a sockaddr_in or sockaddr_in6 (MHD binds it before returning).
static inline struct MHD_Daemon *cmhd_start_daemon(
    unsigned int flags,
    const struct sockaddr *address,
    MHD_AccessHandlerCallback access_handler,
    MHD_RequestCompletedCallback completed,
    CMHD_URILogCallback uri_logger,
    MHD_LogCallback error_logger,
    void *context,
    unsigned int thread_pool_size,
    unsigned int connection_timeout_seconds,
    size_t connection_memory_limit)
{
    return MHD_start_daemon(
        flags, 0 /* port comes from `address` */, NULL, NULL,
        access_handler, context,
        /* First, or libmicrohttpd logs the options before it to stderr itself. */
        MHD_OPTION_EXTERNAL_LOGGER, error_logger, context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_URI_LOG_CALLBACK, uri_logger, context,
        MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_END);
}

/// The port the daemon really listens on (the answer to port 0), or 0 when unknown.
/// Exists because MHD_get_daemon_info is variadic.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The peer's socket address, or NULL.
/// Exists because MHD_get_connection_info is variadic.
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// MHD_CONTENT_READER_END_WITH_ERROR is a cast macro, which Swift does not import.
static const ssize_t CMHD_CONTENT_READER_END_WITH_ERROR = MHD_CONTENT_READER_END_WITH_ERROR;

#endif
