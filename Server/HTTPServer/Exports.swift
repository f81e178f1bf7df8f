// Routes and requests name methods with the HTTP method type the SDK shares (HTTPTypes).
@_exported import HTTPTypes

// An HTTPS server is configured with a TLSIdentity, made by ServerTLS.
@_exported import struct ServerTLS.TLSIdentity
