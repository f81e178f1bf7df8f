// An app's test target imports only MockPlatformTesting and gets the platform's types with it.
@_exported import MockPlatform
