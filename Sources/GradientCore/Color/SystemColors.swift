/// CSS Color 4 system colours (and the deprecated ones) with the light-scheme values Chromium computes for them on
/// Linux: `LayoutTheme`'s defaults as its colour provider overrides them, read back from Chromium 156's computed
/// style (`getComputedStyle`) — ButtonBorder and the borders and shadows deprecated to it are black there, not
/// `LayoutTheme::DefaultSystemColor`'s `#767676`, and Highlight is translucent.
enum SystemColors {
    /// Lower-cased name and 0xRRGGBBAA value.
    static let table: [String: UInt32] = [
        "accentcolor": 0x0075_FFFF, "accentcolortext": 0xFFFF_FFFF,
        "activetext": 0xFF00_00FF,
        "buttonborder": 0x0000_00FF, "activeborder": 0x0000_00FF, "inactiveborder": 0x0000_00FF,
        "threeddarkshadow": 0x0000_00FF, "threedhighlight": 0x0000_00FF, "threedlightshadow": 0x0000_00FF,
        "threedshadow": 0x0000_00FF, "windowframe": 0x0000_00FF,
        "buttonface": 0xEFEF_EFFF, "buttonhighlight": 0xEFEF_EFFF, "buttonshadow": 0xEFEF_EFFF,
        "threedface": 0xEFEF_EFFF,
        "buttontext": 0x0000_00FF,
        "canvas": 0xFFFF_FFFF, "activecaption": 0xFFFF_FFFF, "appworkspace": 0xFFFF_FFFF,
        "background": 0xFFFF_FFFF, "inactivecaption": 0xFFFF_FFFF, "infobackground": 0xFFFF_FFFF,
        "menu": 0xFFFF_FFFF, "scrollbar": 0xFFFF_FFFF, "window": 0xFFFF_FFFF,
        "canvastext": 0x0000_00FF, "captiontext": 0x0000_00FF, "infotext": 0x0000_00FF, "menutext": 0x0000_00FF,
        "windowtext": 0x0000_00FF,
        "field": 0xFFFF_FFFF, "fieldtext": 0x0000_00FF,
        "graytext": 0x8080_80FF, "inactivecaptiontext": 0x8080_80FF,
        "highlight": 0x0041_C6CC, "highlighttext": 0xFFFF_FFFF,
        "selecteditem": 0x1967_D2FF, "selecteditemtext": 0xFFFF_FFFF,
        "linktext": 0x0000_EEFF, "visitedtext": 0x551A_8BFF,
        "mark": 0xFFFF_00FF, "marktext": 0x0000_00FF,
    ]

    /// The 0xRRGGBBAA colour of a lower-cased system colour name.
    static func lookup(_ name: String) -> UInt32? {
        table[name]
    }
}
