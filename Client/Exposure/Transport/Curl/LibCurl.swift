#if canImport(CCurl)
import CCurl
import Foundation

// Every libcurl call of the SDK is in this file: handles, options, the multi interface and the
// callbacks, and the one place CURLcode becomes ``CurlTransportError``.

/// `curl_global_init`, once per process and before any handle: it is not thread-safe to race.
private let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// One libcurl easy handle, reused transfer after transfer (each sets what differs);
/// the connections themselves live in the ``CurlMulti`` it runs on, so they outlast it.
///
/// Used on the loop's thread only.
final class CurlEasy {
    fileprivate let handle: UnsafeMutableRawPointer
    /// libcurl's explanation of the last failure (`CURLOPT_ERRORBUFFER`).
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    /// The request's header lines, alive until the next transfer.
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// Where the current request goes, for errors (not the request: idle handles would keep
    /// its body alive).
    private var target: URL?

    /// A handle with the options every transfer of a transport shares already set: set once here
    /// rather than per transfer after a `curl_easy_reset` (parsing the protocol lists alone was
    /// a visible cost per request).
    init(settings: CurlTransport.Settings) throws(CurlTransportError) {
        guard globalInit == CURLE_OK, let handle = curl_easy_init() else {
            throw CurlTransportError(.failed, server: "", detail: "libcurl could not be initialised", curlCode: Int(globalInit.rawValue))
        }
        self.handle = handle
        try set(CURLOPT_ERRORBUFFER, pointer: errorBuffer)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 1)
        try set(CURLOPT_MAXREDIRS, CurlTransport.maximumRedirects)
        try set(CURLOPT_TIMEOUT_MS, settings.timeoutMilliseconds)
        try set(CURLOPT_CONNECTTIMEOUT_MS, settings.timeoutMilliseconds)
        try set(CURLOPT_MAXAGE_CONN, settings.maximumIdleSeconds)
        try set(CURLOPT_NOPROXY, settings.proxy.noProxy)
        try set(CURLOPT_BUFFERSIZE, CurlTransport.receiveBufferBytes)
        if let caBundle = settings.caBundle { try set(CURLOPT_CAINFO, caBundle) }
        try check(ccurl_easy_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, receiveBody))
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Sets the handle up for `transfer`, overriding every option the previous transfer set;
    /// the transfer receives the body libcurl reads.
    func prepare(for transfer: CurlTransfer, proxy: CurlProxySettings) throws(CurlTransportError) {
        let request = transfer.request
        target = request.target
        errorBuffer[0] = 0
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_PROXY, proxy.proxy(forScheme: request.scheme) ?? "")
        try setMethod(request)
        var lines: UnsafeMutablePointer<curl_slist>?
        for line in request.headerLines {
            guard let list = curl_slist_append(lines, line) else {
                curl_slist_free_all(lines)
                throw CurlTransportError(.failed, server: request.server, detail: "out of memory for the request's headers")
            }
            lines = list
        }
        try set(CURLOPT_HTTPHEADER, pointer: lines)
        curl_slist_free_all(headerList)
        headerList = lines
        try set(CURLOPT_WRITEDATA, pointer: Unmanaged.passUnretained(transfer).toOpaque())
    }

    /// The status of the last response read.
    var responseCode: Int {
        var code = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// The header fields of the final response — after any redirects followed, without 1xx
    /// answers or trailers — from libcurl's header API, which has parsed them already.
    var responseHeaders: HTTPHeaders {
        var headers = HTTPHeaders()
        var previous: UnsafeMutablePointer<curl_header>?
        while let header = curl_easy_nextheader(handle, UInt32(CURLH_HEADER), -1, previous) {
            headers.combine(String(cString: header.pointee.name), String(cString: header.pointee.value))
            previous = header
        }
        return headers
    }

    /// The body length the response announced, once its head has arrived; nil when it did not.
    var announcedBodyLength: Int? {
        var length: curl_off_t = -1
        guard ccurl_easy_getinfo_offset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) == CURLE_OK, length >= 0 else { return nil }
        return Int(length)
    }

    /// GET, HEAD, POST with its body, or another method by name (with a body when it has one).
    private func setMethod(_ request: CurlRequest) throws(CurlTransportError) {
        try set(CURLOPT_CUSTOMREQUEST, pointer: UnsafeRawPointer?.none)
        // HTTPGET also turns NOBODY off; POST does not.
        try set(CURLOPT_HTTPGET, 1)
        if request.method == .head { try set(CURLOPT_NOBODY, 1) }
        if let body = request.body {
            try set(CURLOPT_POST, 1)
            try check(ccurl_easy_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            // An empty body still needs a non-null pointer, or libcurl reads it from stdin.
            try check(
                body.withUnsafeBytes { bytes in
                    ccurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(errorBuffer))
                })
        }
        if request.method != .get && request.method != .head && request.method != .post {
            try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(CurlTransportError) {
        try check(ccurl_easy_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(CurlTransportError) {
        try check(value.withCString { ccurl_easy_setopt_pointer(handle, option, $0) })
    }

    private func set(_ option: CURLoption, pointer: UnsafeRawPointer?) throws(CurlTransportError) {
        try check(ccurl_easy_setopt_pointer(handle, option, pointer))
    }

    private func set(_ option: CURLoption, pointer: UnsafeMutablePointer<curl_slist>?) throws(CurlTransportError) {
        try check(ccurl_easy_setopt_pointer(handle, option, pointer))
    }

    private func check(_ code: CURLcode) throws(CurlTransportError) {
        if let error = failure(code) { throw error }
    }

    /// The typed error for how a transfer or call ended; nil for success.
    fileprivate func failure(_ code: CURLcode) -> CurlTransportError? {
        guard code != CURLE_OK else { return nil }
        let explained = String(cString: errorBuffer)
        let detail = explained.isEmpty ? String(cString: curl_easy_strerror(code)) : explained
        return CurlTransportError(
            Self.kind(of: code), server: target.map(CurlRequest.server(of:)) ?? "", detail: detail, curlCode: Int(code.rawValue))
    }

    private static func kind(of code: CURLcode) -> CurlTransportError.Code {
        switch code {
        case CURLE_URL_MALFORMAT: .invalidRequest
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotResolve
        case CURLE_COULDNT_CONNECT: .cannotConnect
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2_STREAM: .connectionLost
        // CurlRequest refuses other schemes, so libcurl says "unsupported protocol" only of
        // answers: HTTP/0.9, a status that is not three digits, a redirect to another scheme.
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2: .malformedResponse
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR: .untrustedCertificate
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS:
            .tls
        case CURLE_TOO_MANY_REDIRECTS: .tooManyRedirects
        default: .failed
        }
    }
}

/// A libcurl multi handle: runs any number of ``CurlEasy`` transfers on one thread and keeps
/// the connection cache they share.
///
/// `@unchecked Sendable` because only ``wakeUp()`` is called off the loop's thread, and
/// `curl_multi_wakeup` is the one multi call libcurl allows from any thread.
final class CurlMulti: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    /// The running transfers' handles, by libcurl's pointer.
    private var running: [UnsafeMutableRawPointer: CurlEasy] = [:]

    init() throws(CurlTransportError) {
        guard globalInit == CURLE_OK, let handle = curl_multi_init() else {
            throw CurlTransportError(.failed, server: "", detail: "libcurl could not be initialised", curlCode: Int(globalInit.rawValue))
        }
        self.handle = handle
        _ = ccurl_multi_setopt_long(handle, CURLMOPT_MAXCONNECTS, CurlTransport.maximumIdleConnections)
    }

    /// Closes the cached connections; every transfer must have been removed.
    deinit { curl_multi_cleanup(handle) }

    /// Starts `easy`'s transfer.
    func add(_ easy: CurlEasy) throws(CurlTransportError) {
        let code = curl_multi_add_handle(handle, easy.handle)
        guard code == CURLM_OK else {
            throw CurlTransportError(.failed, server: "", detail: String(cString: curl_multi_strerror(code)))
        }
        running[easy.handle] = easy
    }

    /// Stops `easy`'s transfer where it is (its connection is closed if the exchange was not
    /// complete).
    func remove(_ easy: CurlEasy) {
        _ = curl_multi_remove_handle(handle, easy.handle)
        running[easy.handle] = nil
    }

    /// Moves every transfer along as far as it can go without waiting, then returns the handles
    /// whose transfers ended with how they ended (removed from the multi handle).
    func perform() -> [(easy: CurlEasy, failure: CurlTransportError?)] {
        var stillRunning: Int32 = 0
        _ = curl_multi_perform(handle, &stillRunning)
        var done: [(easy: CurlEasy, failure: CurlTransportError?)] = []
        var queued: Int32 = 0
        while let message = curl_multi_info_read(handle, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let raw = message.pointee.easy_handle, let easy = running[raw] else { continue }
            done.append((easy, easy.failure(message.pointee.data.result)))
        }
        for finished in done { remove(finished.easy) }
        return done
    }

    /// Waits until a transfer can move, libcurl's next timer, ``wakeUp()`` or `milliseconds`.
    func poll(milliseconds: Int32) {
        var ready: Int32 = 0
        _ = curl_multi_poll(handle, nil, 0, milliseconds, &ready)
    }

    /// Ends a ``poll(milliseconds:)`` in progress, or the next one, at once. Any thread.
    func wakeUp() {
        _ = curl_multi_wakeup(handle)
    }
}

/// libcurl's write callback; `context` is the ``CurlTransfer``, kept alive by the loop while it
/// runs.
private let receiveBody: curl_write_callback = { bytes, size, count, context in
    let length = size * count
    guard let context else { return 0 }
    Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        .receive(body: UnsafeRawBufferPointer(start: bytes, count: length))
    return length
}
#endif
