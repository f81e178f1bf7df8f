// The daemon's life: binding, tuning, stopping. With MicroHTTPDRequests.swift and
// MicroHTTPDResponses.swift, the only code of the server that touches C.
import CMicroHTTPD
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A running libmicrohttpd daemon.
struct MicroHTTPDDaemon: @unchecked Sendable {
    // @unchecked: `handle` is an opaque C pointer; MHD_stop_daemon may be called from any thread,
    // and HTTPServer calls it once.
    private let handle: OpaquePointer
    private let retainedCore: Unmanaged<ServerCore>
    /// The TLS key and certificate as C strings, which libmicrohttpd may read until it stops.
    private let tlsStrings: [UnsafeMutablePointer<CChar>]
    /// The port the daemon listens on, as the kernel assigned it.
    let port: Int

    /// Per-connection memory: the request head, libmicrohttpd's record of each header field
    /// (about 64 bytes each) and the answer's head must fit (else libmicrohttpd answers 414 or
    /// 431 itself, or not at all when not even its refusal fits), and it is the read buffer for
    /// bodies. Sized for `RequestHeadLimits` (8 KiB of target, 8 KiB and 100 fields of headers)
    /// with room to refuse heads past them in the app's format. MHD zeroes it for every request
    /// on a kept-alive connection: under wrk on the entitlement, memset took 3.7 % of the CPU at
    /// 32 KiB and 1.7 % at 16 KiB (perf, here).
    static let connectionMemoryLimit = 32 * 1024

    /// Connections the kernel holds for accepting (it caps this at `net.core.somaxconn`): a burst
    /// of thousands of clients connecting at once is queued rather than refused.
    static let listenBacklog = 4096

    /// Binds and starts serving; the daemon keeps `core` alive until `stop()`.
    static func start(_ configuration: HTTPServer.Configuration, core: ServerCore) throws(HTTPServerError) -> MicroHTTPDDaemon {
        let failure = { (kind: HTTPServerError.Kind, detail: String) in
            HTTPServerError(kind: kind, host: configuration.host, port: configuration.port, detail: detail)
        }
        guard (0...65535).contains(configuration.port) else { throw failure(.cannotListen, "port out of range") }
        guard var address = SocketAddress(host: configuration.host, port: configuration.port) else {
            throw failure(.invalidHost, "")
        }
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        #if os(Linux)
        flags |= MHD_USE_EPOLL.rawValue
        #else
        flags |= MHD_USE_AUTO.rawValue
        #endif
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let tlsStrings = configuration.tls.map { [strdup($0.privateKey)!, strdup($0.certificateChain)!] } ?? []
        if !tlsStrings.isEmpty { flags |= MHD_USE_TLS.rawValue }
        let tuning = CMHD_Tuning(
            thread_pool_size: UInt32(clamping: max(1, configuration.workerThreads)),
            connection_timeout_seconds: UInt32(clamping: max(0, configuration.connectionTimeoutSeconds)),
            connection_memory_limit: connectionMemoryLimit,
            connection_limit: UInt32(clamping: max(1, configuration.maxConnections)),
            listen_backlog: UInt32(listenBacklog)
        )
        let descriptors = allowDescriptors(for: configuration.maxConnections)
        if descriptors < configuration.maxConnections + descriptorReserve {
            core.log("the open-file limit (\(descriptors)) allows fewer than the \(configuration.maxConnections) connections configured")
        }
        let retained = Unmanaged.passRetained(core)
        let daemon = address.withSocketAddress { socketAddress in
            cmhd_start_daemon(
                flags, socketAddress, tuning, tlsStrings.first, tlsStrings.last, handleAccess, completeRequest, notifyConnection,
                openRequest, logDiagnostic,
                retained.toOpaque())
        }
        guard let daemon else {
            retained.release()
            tlsStrings.forEach { free($0) }
            throw failure(.cannotListen, core.lastLog)
        }
        return MicroHTTPDDaemon(handle: daemon, retainedCore: retained, tlsStrings: tlsStrings, port: Int(cmhd_bound_port(daemon)))
    }

    /// Descriptors kept for what is not a connection: the listener, epoll and wake-up
    /// descriptors, SQLite and media files.
    static let descriptorReserve = 256

    /// Raises this process's soft open-file limit, within the hard one, so `connections`
    /// sockets fit (the soft limit is often 1,024, which would cap the server far below its
    /// connection limit); returns the limit now in force.
    private static func allowDescriptors(for connections: Int) -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        let wanted = rlim_t(connections + descriptorReserve)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = min(wanted, limit.rlim_max)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The state the callbacks share.
    var core: ServerCore { retainedCore.takeUnretainedValue() }

    /// Connections the daemon serves now.
    var connectionCount: Int { Int(cmhd_current_connections(handle)) }

    /// Wakes parked connections, then stops the daemon: it waits for running handlers, closes
    /// every connection and the listening socket, and frees itself. The daemon is not quiesced
    /// first: libmicrohttpd 0.9.75 aborts the process ("Failed to remove listen FD from epoll
    /// set") when `MHD_quiesce_daemon` races an epoll worker of a thread pool. The cost is that a
    /// client connecting during the stop waits in the listen queue until the socket closes.
    func stop() {
        core.heads.stop()
        // libmicrohttpd must not be stopped with suspended connections.
        core.parker.close()
        core.hangups.stop()
        MHD_stop_daemon(handle)
        retainedCore.release()
        tlsStrings.forEach { free($0) }
    }
}

/// Ends a connection whose head is overdue: shut down, not closed, so the descriptor stays
/// libmicrohttpd's until it closes the connection, which it does on seeing the shutdown.
let shutDownConnection: @Sendable (_ descriptor: Int32) -> Void = { descriptor in
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
}

/// A numeric IPv4 or IPv6 address and port, as the socket API wants it.
private struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    /// Nil when `host` is not a numeric address (host names are not resolved).
    init?(host: String, port: Int) {
        let port = in_port_t(port).bigEndian
        let isIPv4 = withUnsafeMutableBytes(of: &storage) { raw in
            let v4 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
            v4.pointee.sin_family = sa_family_t(AF_INET)
            v4.pointee.sin_port = port
            return inet_pton(AF_INET, host, &v4.pointee.sin_addr) == 1
        }
        if isIPv4 {
            isIPv6 = false
            return
        }
        storage = sockaddr_storage()
        let parsed = withUnsafeMutableBytes(of: &storage) { raw in
            let v6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
            v6.pointee.sin6_family = sa_family_t(AF_INET6)
            v6.pointee.sin6_port = port
            return inet_pton(AF_INET6, host, &v6.pointee.sin6_addr) == 1
        }
        guard parsed else { return nil }
        isIPv6 = true
    }

    mutating func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}

/// libmicrohttpd's diagnostics, formatted and handed to the configured log.
private func logDiagnostic(_ cls: UnsafeMutableRawPointer?, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?) {
    guard let cls, let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        .log(message.trimmingCharacters(in: .whitespacesAndNewlines))
}
