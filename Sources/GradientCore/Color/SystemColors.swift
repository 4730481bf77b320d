/// CSS Color 4 system colours with the light-scheme values Chromium's `LayoutTheme::DefaultSystemColor` gives
/// them, deprecated ones mapped as it maps them (to ButtonBorder, ButtonFace, Canvas, CanvasText or GrayText).
///
/// `Highlight`, `HighlightText`, `SelectedItem`, `SelectedItemText`, `AccentColor` and `AccentColorText` depend on
/// the platform theme or a runtime flag and are not listed.
enum SystemColors {
    /// Lower-cased name and 0xRRGGBB value.
    static let table: [String: UInt32] = [
        "activetext": 0xFF0000,
        "buttonborder": 0x767676, "activeborder": 0x767676, "inactiveborder": 0x767676,
        "threeddarkshadow": 0x767676, "threedhighlight": 0x767676, "threedlightshadow": 0x767676,
        "threedshadow": 0x767676, "windowframe": 0x767676,
        "buttonface": 0xEFEFEF, "buttonhighlight": 0xEFEFEF, "buttonshadow": 0xEFEFEF, "threedface": 0xEFEFEF,
        "buttontext": 0x000000,
        "canvas": 0xFFFFFF, "appworkspace": 0xFFFFFF, "background": 0xFFFFFF, "inactivecaption": 0xFFFFFF,
        "infobackground": 0xFFFFFF, "menu": 0xFFFFFF, "scrollbar": 0xFFFFFF, "window": 0xFFFFFF,
        "canvastext": 0x000000, "activecaption": 0x000000, "captiontext": 0x000000, "infotext": 0x000000,
        "menutext": 0x000000, "windowtext": 0x000000,
        "field": 0xFFFFFF, "fieldtext": 0x000000,
        "graytext": 0x808080, "inactivecaptiontext": 0x808080,
        "linktext": 0x0000EE, "visitedtext": 0x551A8B,
        "mark": 0xFFFF00, "marktext": 0x000000,
    ]

    /// The colour of a lower-cased system colour name.
    static func lookup(_ name: String) -> UInt32? {
        table[name]
    }
}
