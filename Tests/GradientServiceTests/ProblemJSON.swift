import Foundation

/// A problem details body decoded with Foundation's JSON parser.
struct ProblemJSON: Decodable {
    var type: String
    var title: String
    var status: Int
    var detail: String
    var parameter: String?

    init(_ bytes: [UInt8]) throws {
        self = try JSONDecoder().decode(ProblemJSON.self, from: Data(bytes))
    }
}
