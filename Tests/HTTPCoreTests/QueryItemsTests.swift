import Testing

@testable import HTTPCore

struct QueryItemsTests {
    static func items(_ target: String) throws(HTTPQueryError) -> [String] {
        let request = try! HTTPRequest(method: "GET", target: target)
        return try request.queryItems().map { "\($0.name)=\($0.value)" }
    }

    @Test(arguments: [
        ("/", []),
        ("/?", []),
        ("/?a=1&&b=2&", ["a=1", "b=2"]),
        ("/?flag&x=", ["flag=", "x="]),
        ("/?colors=red,%23ff0000&t=a+b%2Bc", ["colors=red,#ff0000", "t=a b+c"]),
        ("/?a=b=c", ["a=b=c"]),
        ("/?%C3%A9=%e2%82%AC", ["é=€"]),
        ("/?a=1&a=2", ["a=1", "a=2"]),
    ])
    func decodesItems(target: String, expected: [String]) throws {
        #expect(try Self.items(target) == expected)
    }

    @Test(arguments: [
        ("/?ok=1&bad=%4", HTTPQueryError.invalidPercentEncoding(item: "bad=%4")),
        ("/?bad=%zz", .invalidPercentEncoding(item: "bad=%zz")),
        ("/?%=1", .invalidPercentEncoding(item: "%=1")),
        ("/?x=%ff", .invalidUTF8(item: "x=%ff")),
        ("/?x=%C3", .invalidUTF8(item: "x=%C3")),
    ])
    func namesTheBadItem(target: String, expected: HTTPQueryError) {
        #expect(throws: expected) { try Self.items(target) }
    }
}
