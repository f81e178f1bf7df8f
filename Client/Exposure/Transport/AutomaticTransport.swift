/// The SDK's default ``HTTPTransport``, the default of every endpoint, of `PlayerDependencies`
/// and of the CLI: ``CurlTransport`` on Linux, ``URLSessionTransport`` on Apple platforms.
///
/// A type alias rather than a wrapper, so `AutomaticTransport.shared` and
/// `AutomaticTransport(timeout:)` are the platform's own transport with nothing in between.
/// On Apple platforms URLSession carries everything, `http` included: it is what applies the
/// system's policies (App Transport Security, proxies, VPNs) that apps are held to.
#if canImport(CCurl)
public typealias AutomaticTransport = CurlTransport
#else
public typealias AutomaticTransport = URLSessionTransport
#endif
