/// The files of an app asset set: which PNG goes where, at which scale, and the catalog's `Contents.json` for iOS.
///
/// Paths are relative to the set's root: the `.imageset` directory for iOS, the `res` directory for Android.
struct AssetSet {
    /// One PNG of the set: its path under the root and the device pixel ratio it is rendered at.
    struct Image {
        var path: String
        /// The `scale` query value: `1`, `1.5`, `2`, `3`, `4`.
        var scale: String
    }

    /// The PNGs, smallest first.
    var images: [Image]
    /// Other files written beside the PNGs (`Contents.json`), by path under the root.
    var extraFiles: [(path: String, bytes: [UInt8])]
    /// The subdirectories of the root that the files go in, in creation order.
    var directories: [String]

    /// The densities of Android's drawable folders and their scales, as the platform defines them.
    static let androidDensities: [(folder: String, scale: String)] = [
        ("drawable-mdpi", "1"), ("drawable-hdpi", "1.5"), ("drawable-xhdpi", "2"), ("drawable-xxhdpi", "3"),
        ("drawable-xxxhdpi", "4"),
    ]

    /// An Xcode asset-catalog image set for `name` (one ``iosNameProblem(_:)`` accepts): `name.png`,
    /// `name@2x.png`, `name@3x.png` and a `Contents.json` naming them, idiom `universal`.
    static func ios(name: String) -> AssetSet {
        let images = [
            Image(path: name + ".png", scale: "1"), Image(path: name + "@2x.png", scale: "2"),
            Image(path: name + "@3x.png", scale: "3"),
        ]
        var json = "{\n  \"images\" : [\n"
        for (index, image) in images.enumerated() {
            json += "    {\n      \"filename\" : \"\(image.path)\",\n      \"idiom\" : \"universal\",\n"
            json += "      \"scale\" : \"\(image.scale)x\"\n    }" + (index < images.count - 1 ? ",\n" : "\n")
        }
        json += "  ],\n  \"info\" : {\n    \"author\" : \"gradient\",\n    \"version\" : 1\n  }\n}\n"
        return AssetSet(images: images, extraFiles: [("Contents.json", Array(json.utf8))], directories: [])
    }

    /// Android drawables for `name`: `drawable-mdpi/name.png` … `drawable-xxxhdpi/name.png`.
    static func android(name: String) -> AssetSet {
        AssetSet(
            images: androidDensities.map { Image(path: $0.folder + "/" + name + ".png", scale: $0.scale) },
            extraFiles: [], directories: androidDensities.map(\.folder))
    }

    /// Why `name` cannot name an image set, or nil when it can: any name but one with a quote, a backslash or a
    /// control character (which `Contents.json` would have to escape, and Xcode's asset names never hold).
    static func iosNameProblem(_ name: String) -> String? {
        guard name.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return "an image set's name may not hold quotes, backslashes or control characters"
    }

    /// Why `name` cannot name an Android resource, or nil when it can: resource names are lower-case letters,
    /// digits and underscores, starting with a letter (they become Java identifiers in `R.drawable`).
    static func androidNameProblem(_ name: String) -> String? {
        let allowed = name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        guard !name.isEmpty, allowed, let first = name.utf8.first, first >= 0x61 && first <= 0x7A else {
            return "\"\(name)\" is not a valid Android resource name: use lower-case letters, digits and "
                + "underscores, starting with a letter (e.g. hero_background)"
        }
        return nil
    }
}
