import Testing

@testable import GradientCore

/// `application/x-www-form-urlencoded` decoding shared by the service and the CLI.
struct QueryStringTests {
    @Test(arguments: [
        ("", []),
        ("a=1&&b=2&", ["a=1", "b=2"]),
        ("flag&x=", ["flag=", "x="]),
        ("colors=red,%23ff0000&t=a+b%2Bc", ["colors=red,#ff0000", "t=a b+c"]),
        ("a=b=c", ["a=b=c"]),
        ("%C3%A9=%e2%82%AC", ["é=€"]),
        ("a=1&a=2", ["a=1", "a=2"]),
    ])
    func decodesItems(query: String, expected: [String]) throws {
        #expect(try QueryString.decode(Substring(query)).map { "\($0.name)=\($0.value)" } == expected)
    }

    @Test(arguments: [
        ("ok=1&bad=%4", "bad", "bad percent-encoding"), ("bad=%zz", "bad", "bad percent-encoding"),
        ("%=1", "%", "bad percent-encoding"), ("x=%ff", "x", "not valid UTF-8"), ("x=%C3", "x", "not valid UTF-8"),
    ])
    func namesTheBadItem(query: String, parameter: String, fragment: String) {
        do {
            let items = try QueryString.decode(Substring(query))
            Issue.record("decoded \(query) as \(items)")
        } catch {
            #expect(error.parameter == parameter)
            #expect(error.detail.contains(fragment), "\(error.detail)")
        }
    }
}
