/// The device a client logs in from.
public struct DeviceInfo: Codable, Sendable, Equatable {
    /// A stable id for the device.
    public var deviceId: String
    /// `WEB`, `MOBILE`, `TABLET`, `TV`, `STB`, … (Exposure's device types).
    public var type: String
    /// The device model.
    public var model: String
    /// A user-facing name.
    public var name: String?
    /// The operating system.
    public var os: String
    /// Its version.
    public var osVersion: String
    /// The manufacturer.
    public var manufacturer: String
    /// Screen height in pixels.
    public var height: Int
    /// Screen width in pixels.
    public var width: Int

    /// Device information.
    public init(
        deviceId: String, type: String, model: String, name: String? = nil, os: String,
        osVersion: String, manufacturer: String, height: Int, width: Int
    ) {
        self.deviceId = deviceId
        self.type = type
        self.model = model
        self.name = name
        self.os = os
        self.osVersion = osVersion
        self.manufacturer = manufacturer
        self.height = height
        self.width = width
    }
}

/// The body of `POST …/auth/login`. Clients always send `device`; the mock also takes a bare
/// username and password so a curl line can log in.
public struct LoginRequest: Codable, Sendable, Equatable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String
    /// Whether the session should last longer.
    public var rememberMe: Bool?
    /// The device logging in.
    public var device: DeviceInfo?

    /// A login body.
    public init(username: String, password: String, rememberMe: Bool? = false, device: DeviceInfo?) {
        self.username = username
        self.password = password
        self.rememberMe = rememberMe
        self.device = device
    }
}

/// The body of `POST …/auth/anonymous`.
public struct AnonymousLoginRequest: Codable, Sendable, Equatable {
    /// The device logging in.
    public var device: DeviceInfo?
    /// The device id, repeated at the top level as the real API expects.
    public var deviceId: String?

    /// An anonymous-login body.
    public init(device: DeviceInfo) {
        self.device = device
        deviceId = device.deviceId
    }
}
