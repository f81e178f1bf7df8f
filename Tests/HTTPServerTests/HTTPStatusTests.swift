import HTTPTypes
import Testing

/// The one rule of whether asking again may help: every status from 100 to 599 falls on one side.
@Suite struct HTTPStatusTests {
    @Test func a4xxOtherThanATimeoutOrThrottlingIsAPermanentRefusal() {
        for status in [400, 401, 403, 404, 409, 410, 413, 422, 451, 499] {
            #expect(HTTPStatus.isPermanentRefusal(status), "\(status)")
            #expect(!HTTPStatus.isRetryable(status), "\(status)")
        }
    }

    @Test func serverErrorsTimeoutsAndThrottlingAreRetryable() {
        for status in [408, 429, 500, 502, 503, 504, 599] {
            #expect(HTTPStatus.isRetryable(status), "\(status)")
            #expect(!HTTPStatus.isPermanentRefusal(status), "\(status)")
        }
    }

    @Test func successesRedirectsAndNonsenseAreNeither() {
        for status in [0, 100, 200, 204, 301, 304, 399, 600, 999] {
            #expect(!HTTPStatus.isRetryable(status) && !HTTPStatus.isPermanentRefusal(status), "\(status)")
        }
    }

    @Test func every4xxAnd5xxIsExactlyOneOfTheTwo() {
        for status in 400...599 {
            #expect(HTTPStatus.isRetryable(status) != HTTPStatus.isPermanentRefusal(status), "\(status)")
        }
    }
}
