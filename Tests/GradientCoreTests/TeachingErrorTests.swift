import Testing

@testable import GradientCore

/// Errors that say what to do: "did you mean", the unescaped `#` and `%`, and the parameter at fault for a size.
@Suite("Errors that teach")
struct TeachingErrorTests {
    static func error(of query: String) -> (parameter: String, detail: String)? {
        do {
            _ = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
            return nil
        } catch let error as SpecError {
            return (error.parameter, error.detail)
        } catch let error as QueryStringError {
            return (error.parameter, error.detail)
        } catch {
            return nil
        }
    }

    @Test(arguments: [
        ("colors=redd,blue", "colors", "unknown colour name \"redd\" (did you mean \"red\"?)"),
        ("colors=red,bleu", "colors", "(did you mean \"blue\"?)"),
        ("colors=red,purpel", "colors", "(did you mean \"purple\"?)"),
        ("colors=red,transparnt", "colors", "(did you mean \"transparent\"?)"),
        ("color=red,blue", "color", "unknown parameter \"color\" (did you mean \"colors\"?)"),
        ("colors=red,blue&w=10", "w", "unknown parameter \"w\" (did you mean \"width\"?)"),
        ("colors=red,blue&h=10", "h", "(did you mean \"height\"?)"),
        ("colors=red,blue&heigth=10", "heigth", "(did you mean \"height\"?)"),
        ("colors=red,blue&sacle=2", "sacle", "(did you mean \"scale\"?)"),
    ])
    func suggestsTheNearestName(query: String, parameter: String, fragment: String) throws {
        let error = try #require(Self.error(of: query))
        #expect(error.parameter == parameter)
        #expect(error.detail.contains(fragment), "\(error.detail)")
    }

    @Test(arguments: [
        ("colors=red,zzzzzz", "unknown colour name \"zzzzzz\""),
        ("colors=red,blue&bogus=1", "unknown parameter \"bogus\""),
        ("colors=red,blue&xyz=1", "unknown parameter \"xyz\""),
    ])
    func suggestsNothingFarFetched(query: String, detail: String) throws {
        let error = try #require(Self.error(of: query))
        #expect(error.detail.hasSuffix(detail), "\(error.detail)")
        #expect(!error.detail.contains("did you mean"))
    }

    @Test func editDistanceCountsSwapsAsOneEdit() {
        #expect(Spelling.editDistance(Array("purpel".utf8), Array("purple".utf8)) == 1)
        #expect(Spelling.editDistance(Array("w".utf8), Array("width".utf8)) == 4)
        #expect(Spelling.editDistance(Array("".utf8), Array("red".utf8)) == 3)
        #expect(Spelling.nearest(to: "RED", in: ["red"]) == nil)
    }

    /// `colors=#ff0000,#0000ff` reaches the server as `colors=`: the empty last value gets the fragment hint, an
    /// empty value in the middle does not.
    @Test func anEmptyLastValueExplainsTheFragment() throws {
        let last = try #require(Self.error(of: "width=100&colors="))
        #expect(last.parameter == "colors")
        #expect(
            last.detail
                == "colors must not be empty; if the URL had a '#' here, a '#' in a URL starts a fragment, which is "
                + "never sent: leave it out (ff0000) or write %23")
        let middle = try #require(Self.error(of: "colors=&width=100"))
        #expect(middle.detail == "colors must not be empty")
        let cut = try #require(Self.error(of: "width=100&colors=red,"))
        #expect(
            cut.detail
                == "colors: empty stop after the last comma (if the URL had a '#' here, a '#' in a URL starts a "
                + "fragment, which is never sent: leave it out (ff0000) or write %23) at \"red,\"")
        let notCut = try #require(Self.error(of: "colors=red,&width=100"))
        #expect(notCut.detail == "colors: empty stop at \"\"")
    }

    @Test(arguments: [
        ("colors=red@50%,blue", "colors", "bad percent-encoding at offset 6 of the value \"red@50%,blue\""),
        ("colors=red,blue&width=1%", "width", "at offset 1 of the value \"1%\""),
        ("colors=50%25,%2", "colors", "at offset 6 of the value \"50%25,%2\""),
        ("%=1", "%", "at offset 0 of the name \"%\""),
    ])
    func anUnescapedPercentSaysWhereAndHow(query: String, parameter: String, fragment: String) throws {
        let error = try #require(Self.error(of: query))
        #expect(error.parameter == parameter)
        #expect(error.detail.contains(fragment), "\(error.detail)")
        #expect(error.detail.hasSuffix("write % as %25"))
    }

    @Test(arguments: [
        (
            "width=8192&height=8192", "width",
            "the image would be 8192×8192 = 67,108,864 pixels, over the limit of 33,554,432 pixels in all: "
                + "lower width"
        ),
        ("width=8192&height=5000", "width", "8192×5000 = 40,960,000 pixels"),
        ("height=8192&width=5000", "height", "5000×8192 = 40,960,000 pixels"),
        ("width=8192&height=4096&scale=2", "scale", "16384×8192 = 134,217,728 pixels"),
        ("width=4096&height=4096&scale=2", "scale", "8192×8192 = 67,108,864 pixels"),
        (
            "width=8192&height=10&scale=3", "scale",
            "the image would be 24576×30 pixels, over the limit of 16,384 pixels a side: lower scale"
        ),
    ])
    func aTooLargeImageNamesTheParameterAtFault(size: String, parameter: String, fragment: String) throws {
        let error = try #require(Self.error(of: "colors=red,blue&" + size))
        #expect(error.parameter == parameter)
        #expect(error.detail.contains(fragment), "\(error.detail)")
    }

    @Test func groupsDigitsInThrees() {
        #expect(
            [0, 999, 1000, 16384, 33_554_432, -1234].map(grouped) == [
                "0", "999", "1,000", "16,384", "33,554,432", "-1,234",
            ])
    }
}
