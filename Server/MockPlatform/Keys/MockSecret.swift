/// The secret the mock signs play tokens with and derives content keys from (HMAC-SHA-256),
/// so neither tokens nor keys are stored, and a key is the same after a restart (a download
/// renewed then still decrypts the segments it holds).
///
/// It is a constant in the source: the mock is a test double, and its keys protect nothing
/// real. A real key server keeps its secrets in a key store.
enum MockSecret {
    static let bytes = Array("exposure-mock content protection v1".utf8)
}
