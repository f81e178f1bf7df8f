@_exported import MockPlatform
