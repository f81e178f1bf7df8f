/// Ad-targeting data sent with a play request, passed on to the ad decision server.
///
/// Every field is optional and sent only when set; names are the query keys Exposure reads.
public struct AdsOptions: Sendable, Hashable {
    /// The user's id on the platform.
    public var uid: String?
    /// Whether playback starts by itself.
    public var autoplay: Bool?
    /// GPS latitude, for location-based targeting.
    public var latitude: Double?
    /// GPS longitude, for location-based targeting.
    public var longitude: Double?
    /// Whether the player is muted.
    public var mute: Bool?
    /// A consent string from a consent management platform (TCF).
    public var consent: String?
    /// The device maker; replaces the `deviceMake` taken from the device when set.
    public var deviceMake: String?
    /// `Desktop`, `Tablet`, `Mobile` or `TV`.
    public var deviceType: String?
    /// Screen width in pixels.
    public var width: Int?
    /// Screen height in pixels.
    public var height: Int?
    /// The advertising id of the device.
    public var ifa: String?
    /// What kind of advertising id `ifa` is, e.g. `idfa`, `aaid`.
    public var ifaType: String?
    /// Whether the user limited ad tracking.
    public var limitAdTracking: Bool?
    /// The app's name.
    public var appName: String?
    /// The app's bundle id.
    public var appBundle: String?
    /// The app's store URL.
    public var appStoreUrl: String?
    /// Whether an EU user consented to advertising.
    public var gdprOptin: Bool?

    /// Ad-targeting data; leave out what you do not know.
    public init(
        uid: String? = nil, autoplay: Bool? = nil, latitude: Double? = nil, longitude: Double? = nil,
        mute: Bool? = nil, consent: String? = nil, deviceMake: String? = nil, deviceType: String? = nil,
        width: Int? = nil, height: Int? = nil, ifa: String? = nil, ifaType: String? = nil,
        limitAdTracking: Bool? = nil, appName: String? = nil, appBundle: String? = nil,
        appStoreUrl: String? = nil, gdprOptin: Bool? = nil
    ) {
        self.uid = uid
        self.autoplay = autoplay
        self.latitude = latitude
        self.longitude = longitude
        self.mute = mute
        self.consent = consent
        self.deviceMake = deviceMake
        self.deviceType = deviceType
        self.width = width
        self.height = height
        self.ifa = ifa
        self.ifaType = ifaType
        self.limitAdTracking = limitAdTracking
        self.appName = appName
        self.appBundle = appBundle
        self.appStoreUrl = appStoreUrl
        self.gdprOptin = gdprOptin
    }

    /// The options as query parameters.
    public var queryItems: QueryItems {
        var query = QueryItems()
        query.set("uid", uid)
        query.set("autoplay", autoplay)
        query.set("latitude", latitude)
        query.set("longitude", longitude)
        query.set("mute", mute)
        query.set("consent", consent)
        query.set("deviceMake", deviceMake)
        query.set("deviceType", deviceType)
        query.set("width", width)
        query.set("height", height)
        query.set("ifa", ifa)
        query.set("ifaType", ifaType)
        query.set("limitAdTracking", limitAdTracking)
        query.set("appName", appName)
        query.set("appBundle", appBundle)
        query.set("appStoreUrl", appStoreUrl)
        query.set("gdprOptin", gdprOptin)
        return query
    }
}
