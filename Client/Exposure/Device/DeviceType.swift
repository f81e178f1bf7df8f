/// The kinds of device Exposure tells apart, as the official SDK names them: what a login
/// reports in `device.type` (``value``) and what ad-supported play requests send as
/// `deviceType` (``playValue``).
public enum DeviceType: Sendable, Hashable {
    /// A phone: `MOBILE`.
    case mobile
    /// A tablet: `TABLET`.
    case tablet
    /// An Apple TV: `APPLE_TV` (`ctv` for ads).
    case appleTv
    /// AirPlay: `airplay`.
    case airplay
    /// Any other kind, written as given (`WEB`, `STB`, `TV`, …).
    case other(string: String)

    /// The type named `value` (`MOBILE`, `TABLET`, `APPLE_TV`, `airplay`, or anything else as ``other(string:)``).
    public init(string value: String) {
        switch value {
        case "MOBILE": self = .mobile
        case "TABLET": self = .tablet
        case "APPLE_TV": self = .appleTv
        case "airplay": self = .airplay
        default: self = .other(string: value)
        }
    }

    /// The name logins and analytics use.
    public var value: String {
        switch self {
        case .mobile: "MOBILE"
        case .tablet: "TABLET"
        case .appleTv: "APPLE_TV"
        case .airplay: "airplay"
        case .other(let value): value
        }
    }

    /// The name ad-supported play requests use (`mobile`, `tablet`, `ctv`, `airplay`).
    public var playValue: String {
        switch self {
        case .mobile: "mobile"
        case .tablet: "tablet"
        case .appleTv: "ctv"
        case .airplay: "airplay"
        case .other(let value): value
        }
    }
}

extension DeviceInfo {
    /// ``type`` as a ``DeviceType``.
    public var deviceType: DeviceType { DeviceType(string: type) }
}
