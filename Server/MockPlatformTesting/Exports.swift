// An app's test target imports only MockPlatformTesting and gets the platform's types with it,
// and the clocks (the test clock it moves by hand among them).
@_exported import Clocks
@_exported import MockPlatform

@_exported import typealias HTTPServer.ManualServerClock
// `MockPlatform.testingCertificateAuthority` is one: its `certificateFile` is what a client trusts.
@_exported import struct ServerTLS.DevelopmentCA
