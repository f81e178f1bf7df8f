// swift-format-ignore-file
// (the seed's samples stay as the seed writes them)
import Exposure
import ExposurePlayback
import Foundation

/// The seed's Exposure samples (Authentication, Epg and Content Presentation), as written
/// there; the one line added to each hands the value to the app (`note`), since the seed
/// leaves it in a comment.
extension SampleApp {
    /// "Authentication".
    @discardableResult
    func authenticationSample(exposureEnv: Environment, someUser: String, somePassword: String) -> Task<Void, Never> {
        Authenticate(environment: exposureEnv)
            .login(username: someUser,
                   password: somePassword)
            .request()
            .response{
                if let credentials = $0.value {
                    // Store/pass along the returned SessionToken
                    let sessionToken: SessionToken = credentials.sessionToken
                    self.note("token \(sessionToken.value.isEmpty ? "empty" : "received")")
                }
            }
    }

    /// "Listing all available channels".
    @discardableResult
    func channelListSample() -> Task<Void, Never> {
        FetchAsset(environment: environment)
            .list()
            .includeUserData(for: sessionToken)
            .filter(on: "TV_CHANNEL")
            .sort(on: ["assetId","originalTitle"])
            .request()
            .validate()
            .response{
                if let assetList = $0.value {
                    // Present a list of channels
                    self.note("channels \(assetList.items.map(\.assetId).joined(separator: ","))")
                }
            }
    }

    /// "EPG … through the FetchEpg endpoint".
    @discardableResult
    func epgSample(channelId: String) -> Task<Void, Never> {
        let current = player.serverTime ?? Date()

        return FetchEpg(environment: environment)
            .channel(id: channelId)
            .show(page: 1, spanning: 100)
            .filter(starting: current.subtract(days: 1), ending: current.add(days: 1) ?? current)
            .request()
            .validate()
            .response{
                if let channelEpg = $0.value {
                    // Present the EPG
                    self.note("epg \(channelEpg.channelId) \(channelEpg.programs.count)")
                }
            }
    }
}
