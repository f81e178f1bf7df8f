#if canImport(CCurl)
/// Which proxy ``CurlTransport`` uses, read from the environment variables curl itself reads,
/// with one difference: loopback hosts are always reached directly.
///
/// A local mock on `127.0.0.1` must work on a machine whose `http_proxy` points at a corporate
/// proxy, which cannot reach the developer's loopback; libcurl on its own would send it there
/// unless `no_proxy` says otherwise. Real backends still go through the proxy the user set.
package struct CurlProxySettings: Sendable, Hashable {
    /// The proxy for `http` URLs; nil: direct.
    package let http: String?
    /// The proxy for `https` URLs; nil: direct.
    package let https: String?
    /// libcurl's `CURLOPT_NOPROXY`: comma-separated hosts reached directly, `*` for all.
    package let noProxy: String

    /// Hosts no request is proxied to.
    package static let loopback = ["127.0.0.1", "localhost", "::1"]

    /// Like curl: `http_proxy` only in lower case (the upper-case form can be set by a CGI
    /// client's `Proxy:` header), `https_proxy`/`HTTPS_PROXY`, then `all_proxy`/`ALL_PROXY`;
    /// `no_proxy`/`NO_PROXY` extended with ``loopback``. Empty values count as unset.
    package init(environment: [String: String]) {
        func first(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        let all = first("all_proxy", "ALL_PROXY")
        http = first("http_proxy") ?? all
        https = first("https_proxy", "HTTPS_PROXY") ?? all
        let listed = first("no_proxy", "NO_PROXY")
        noProxy = listed == "*" ? "*" : ((listed.map { [$0] } ?? []) + Self.loopback).joined(separator: ",")
    }

    /// The proxy for a URL of `scheme` (lower case); nil: direct.
    package func proxy(forScheme scheme: String) -> String? {
        scheme == "https" ? https : http
    }
}
#endif
