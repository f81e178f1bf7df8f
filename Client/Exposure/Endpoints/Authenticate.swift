/// Logging in and out, and checking a session.
///
///     let credentials = try await Authenticate(environment: env)
///         .login(username: "user", password: "secret")
///         .request()
public struct Authenticate: Sendable {
    /// The backend to call.
    public let environment: Environment
    /// What carries the calls.
    public let transport: any HTTPTransport

    /// Authentication calls against `environment`.
    public init(environment: Environment, transport: any HTTPTransport = AutomaticTransport.shared) {
        self.environment = environment
        self.transport = transport
    }

    /// `POST /v3/…/auth/login` with a user's credentials.
    public func login(
        username: String, password: String, rememberMe: Bool = false, device: DeviceInfo = .current
    ) -> ExposureCall<Credentials> {
        let body = LoginRequest(username: username, password: password, rememberMe: rememberMe, device: device)
        return call(Endpoint(.post, .v3, path: ["auth", "login"], body: body))
    }

    /// `POST /v2/…/auth/firebaseLogin`: a session for the user a Firebase ID token names. The
    /// optional facts describe the user to Exposure, which makes an account on the first login.
    public func loginWithFirebase(
        firebaseToken: String, providerId: String, username: String?, language: String?, email: String?, displayName: String?,
        device: DeviceInfo = .current
    ) -> ExposureCall<Credentials> {
        let body = FirebaseLoginRequest(
            device: device, accessToken: firebaseToken, providerId: providerId, username: username, email: email,
            displayName: displayName, language: language)
        return call(Endpoint(.post, .v2, path: ["auth", "firebaseLogin"], body: body))
    }

    /// `POST /v2/…/auth/anonymous`: a session without a user, for free content.
    public func anonymous(device: DeviceInfo = .current) -> ExposureCall<Credentials> {
        call(Endpoint(.post, .v2, path: ["auth", "anonymous"], body: AnonymousLoginRequest(device: device)))
    }

    /// `GET /v2/…/auth/session`: who a token belongs to; fails with 401 when it is no longer valid.
    public func validate(sessionToken: SessionToken) -> ExposureCall<SessionInfo> {
        call(Endpoint(.get, .v2, path: ["auth", "session"], sessionToken: sessionToken))
    }

    /// `DELETE /v2/…/auth/session`: ends the session; the token is invalid afterwards.
    public func logout(sessionToken: SessionToken) -> ExposureCall<Void> {
        ExposureCall(
            environment: environment, transport: transport,
            endpoint: Endpoint(.delete, .v2, path: ["auth", "session"], sessionToken: sessionToken))
    }

    private func call<Response: Decodable & Sendable>(_ endpoint: Endpoint) -> ExposureCall<Response> {
        ExposureCall(environment: environment, transport: transport, endpoint: endpoint)
    }
}
