import Clocks
import ExposureModels

/// Decides whether a session may play an asset at an instant, as Exposure would.
struct AccessPolicy {
    /// The product and publication that grant access.
    struct Grant {
        let productId: String
        let publication: Publication?
    }

    let session: Session
    let country: String

    /// The grant for `asset` at `instant`, or the refusal Exposure would answer.
    func grant(for asset: Asset, at instant: WallTime) throws(ExposureErrorMessage) -> Grant {
        let now = instant.date
        guard let publications = asset.publications, !publications.isEmpty else {
            return Grant(productId: session.products.first ?? "free", publication: nil)
        }
        let active = publications.filter { $0.isActive(at: now) }
        guard !active.isEmpty else {
            throw ExposureErrorMessage(httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "The asset is not published at this time.")
        }
        let inCountry = active.filter { ($0.countries ?? []).isEmpty || $0.countries!.contains { $0.uppercased() == country } }
        guard !inCountry.isEmpty else {
            throw ExposureErrorMessage(httpCode: 403, message: "GEO_BLOCKED", extendedMessage: "The asset is not available in \(country).")
        }
        for publication in inCountry {
            let products = publication.products ?? []
            if products.isEmpty { return Grant(productId: session.products.first ?? "free", publication: publication) }
            if let product = products.first(where: session.products.contains) {
                return Grant(productId: product, publication: publication)
            }
        }
        throw ExposureErrorMessage(
            httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "No product of the account gives access to the asset.")
    }

    /// Refuses a program that is blacked out or needs a product the session lacks.
    func check(program: ScheduledProgram) throws(ExposureErrorMessage) {
        try Self.check(program: program, products: session.products)
    }

    /// Refuses a program that is blacked out or needs a product not among `products`.
    static func check(program: ScheduledProgram, products: [String]) throws(ExposureErrorMessage) {
        if program.slot.blackout == true {
            throw ExposureErrorMessage(
                httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "The program \(program.programId) is blacked out.")
        }
        if let required = program.slot.requiredProducts, !required.isEmpty, !required.contains(where: products.contains) {
            throw ExposureErrorMessage(
                httpCode: 403, message: "NOT_ENTITLED",
                extendedMessage: "The program \(program.programId) needs one of: \(required.joined(separator: ", ")).")
        }
    }
}
