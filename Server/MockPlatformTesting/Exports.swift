// An app's test target imports only MockPlatformTesting and gets the platform's types with it,
// and the server clock it can move by hand.
@_exported import MockPlatform

@_exported import class HTTPServer.ManualServerClock
@_exported import protocol HTTPServer.ServerClock
// `MockPlatform.testingCertificateAuthority` is one: its `certificateFile` is what a client trusts.
@_exported import struct ServerTLS.DevelopmentCA
