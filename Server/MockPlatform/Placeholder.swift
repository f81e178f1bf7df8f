// MockPlatform: placeholder until the module lands.
