import Testing
import GridDocument

private func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> Color {
    Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: a)
}

@Suite struct ColorCSSTests {
    @Test func hexForms() {
        #expect(Color(css: "#384a66") == rgb(0x38, 0x4a, 0x66))
        #expect(Color(css: "#384A66") == rgb(0x38, 0x4a, 0x66))
        #expect(Color(css: "#fff") == .white)
        #expect(Color(css: "#fff") == Color(css: "#ffffff"))
        #expect(Color(css: "#1a2") == rgb(0x11, 0xaa, 0x22))
        #expect(Color(css: "#1a28") == rgb(0x11, 0xaa, 0x22, Double(0x88) / 255))
        #expect(Color(css: "#00000080") == Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(Color(css: "#ff000000") == Color(red: 1, green: 0, blue: 0, alpha: 0))
    }

    @Test func hexRejections() {
        for bad in ["#12", "#12345", "#1234567", "#123456789", "#", "#ggg", "#12 345", "# 123", "123456", "#+12"] {
            #expect(Color(css: bad) == nil, "\(bad)")
        }
    }

    @Test func rgbFunctions() {
        #expect(Color(css: "rgb(255, 0, 0)") == Color(red: 1, green: 0, blue: 0))
        #expect(Color(css: "rgb(56,74,102)") == rgb(56, 74, 102))
        #expect(Color(css: "rgba(0, 0, 255, 0.5)") == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(Color(css: "rgb(0, 0, 255, 0.25)") == Color(red: 0, green: 0, blue: 1, alpha: 0.25))
        #expect(Color(css: "rgba(0, 0, 0)") == .black)
        #expect(Color(css: "rgb(100%, 50%, 0%)") == Color(red: 1, green: 0.5, blue: 0))
        #expect(Color(css: "rgba(10%, 20%, 30%, 40%)") == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
        #expect(Color(css: "rgb(127.5, 0, 0)") == Color(red: 0.5, green: 0, blue: 0))
    }

    @Test func modernSpaceSyntax() {
        #expect(Color(css: "rgb(255 128 0)") == rgb(255, 128, 0))
        #expect(Color(css: "rgb(255 128 0 / 0.5)") == rgb(255, 128, 0, 0.5))
        #expect(Color(css: "rgb(255 128 0/50%)") == rgb(255, 128, 0, 0.5))
        #expect(Color(css: "rgba( 0   0  0 / 1 )") == .black)
    }

    @Test func hslFunctions() {
        #expect(Color(css: "hsl(0, 100%, 50%)") == Color(red: 1, green: 0, blue: 0))
        #expect(Color(css: "hsl(120deg 100% 25%)") == Color(red: 0, green: 0.5, blue: 0))
        #expect(Color(css: "hsl(240, 100%, 50%)") == Color(red: 0, green: 0, blue: 1))
        #expect(Color(css: "hsla(-120, 100%, 50%, 0.5)") == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(Color(css: "hsl(0, 0%, 100%)") == .white)
        #expect(Color(css: "hsl(0, 50, 50)") == nil)   // saturation and lightness need %
    }

    @Test func outOfRangeIsRejectedNotClamped() {
        for bad in ["rgb(300,0,0)", "rgb(256, 0, 0)", "rgb(-1, 0, 0)", "rgb(0, 0, 0, 1.5)", "rgba(0,0,0,-0.1)",
                    "rgb(101%, 0%, 0%)", "rgb(0 0 0 / 150%)", "hsl(0, 120%, 50%)"] {
            #expect(Color(css: bad) == nil, "\(bad)")
        }
    }

    @Test func malformedFunctions() {
        for bad in ["rgb(1, 2)", "rgb(1, 2, 3, 4, 5)", "rgb(1 2)", "rgb(1, 2, 3 / 1)", "rgb(1,,3)", "rgb(1 2 3 / )",
                    "rgb(1 2 3 / 1 2)", "rgb(1, 2, 3", "rgb 1, 2, 3)", "rgb(a, b, c)", "rgb(nan, 0, 0)",
                    "rgb(inf, 0, 0)", "rgb(0x10, 0, 0)", "cmyk(0, 0, 0, 0)", "rgb()"] {
            #expect(Color(css: bad) == nil, "\(bad)")
        }
    }

    @Test func namedColors() {
        #expect(Color(css: "rebeccapurple") == rgb(0x66, 0x33, 0x99))
        #expect(Color(css: "gray") == rgb(128, 128, 128))      // CSS, not X11's #bebebe
        #expect(Color(css: "grey") == Color(css: "gray"))
        #expect(Color(css: "green") == rgb(0, 128, 0))
        #expect(Color(css: "LightGoldenrodYellow") == rgb(0xfa, 0xfa, 0xd2))
        #expect(Color(css: "aliceblue") == rgb(0xf0, 0xf8, 0xff))
        #expect(Color(css: "yellowgreen") == rgb(0x9a, 0xcd, 0x32))
        #expect(Color(css: "white") == .white)
        #expect(Color(css: "BLACK") == .black)
    }

    @Test func namedColorTableIsComplete() {
        let names = ["aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
            "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse", "chocolate",
            "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan", "darkgoldenrod",
            "darkgray", "darkgreen", "darkgrey", "darkkhaki", "darkmagenta", "darkolivegreen", "darkorange",
            "darkorchid", "darkred", "darksalmon", "darkseagreen", "darkslateblue", "darkslategray",
            "darkslategrey", "darkturquoise", "darkviolet", "deeppink", "deepskyblue", "dimgray", "dimgrey",
            "dodgerblue", "firebrick", "floralwhite", "forestgreen", "fuchsia", "gainsboro", "ghostwhite", "gold",
            "goldenrod", "gray", "green", "greenyellow", "grey", "honeydew", "hotpink", "indianred", "indigo",
            "ivory", "khaki", "lavender", "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral",
            "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
            "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue", "lightyellow",
            "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine", "mediumblue", "mediumorchid",
            "mediumpurple", "mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise",
            "mediumvioletred", "midnightblue", "mintcream", "mistyrose", "moccasin", "navajowhite", "navy",
            "oldlace", "olive", "olivedrab", "orange", "orangered", "orchid", "palegoldenrod", "palegreen",
            "paleturquoise", "palevioletred", "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue",
            "purple", "rebeccapurple", "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown",
            "seagreen", "seashell", "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow",
            "springgreen", "steelblue", "tan", "teal", "thistle", "tomato", "turquoise", "violet", "wheat", "white",
            "whitesmoke", "yellow", "yellowgreen"]
        #expect(names.count == 148)
        for name in names {
            let color = Color(css: name)
            #expect(color != nil, "\(name)")
            #expect(color?.alpha == 1)
        }
        // Spot checks across the table against the CSS Color 4 values.
        let expected: [String: String] = ["crimson": "#dc143c", "indigo": "#4b0082", "maroon": "#800000",
            "purple": "#800080", "olive": "#808000", "teal": "#008080", "silver": "#c0c0c0",
            "darkslategray": "#2f4f4f", "mediumpurple": "#9370db", "navajowhite": "#ffdead", "peru": "#cd853f"]
        for (name, hex) in expected { #expect(Color(css: name)?.hexString == hex, "\(name)") }
    }

    @Test func transparentWhitespaceAndCase() {
        #expect(Color(css: "transparent") == .transparent)
        #expect(Color(css: "  Transparent\n") == .transparent)
        #expect(Color(css: "\t#FFF ") == .white)
        #expect(Color(css: " RGB(255, 255, 255) ") == .white)
        #expect(Color(css: "Navy") == rgb(0, 0, 128))
    }

    @Test func unknownNamesAreRejected() {
        for bad in ["notacolor", "", "   ", "light gray", "blue!", "#"] {
            #expect(Color(css: bad) == nil, "\(bad)")
        }
    }

    @Test func hexString() {
        #expect(Color.white.hexString == "#ffffff")
        #expect(Color.black.hexString == "#000000")
        #expect(Color.transparent.hexString == "#00000000")
        #expect(rgb(0x38, 0x4a, 0x66).hexString == "#384a66")
        #expect(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).hexString == "#ff800080")
        #expect(Color(red: 2, green: -1, blue: .nan).hexString == "#ff0000")
    }

    @Test func hexStringRoundTrips() {
        for text in ["#384a66", "#f2f4f8", "#d0d4dc", "#12345678", "#00000000", "#abcdef01"] {
            #expect(Color(css: text)?.hexString == text)
        }
    }
}
