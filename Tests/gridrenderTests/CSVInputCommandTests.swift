import Foundation
import Testing

/// CSV as people have it, through the built binary (issue 27 item 1): R's `NA` in
/// `Fixtures/csv/penguins.csv`, semicolon files, standard input of every format, `--na`,
/// `--delimiter`, the nearly-numeric warning, and one error line for bad settings.
@Suite struct CSVInputCommandTests {
    static let penguins = CLI.packageRoot.appendingPathComponent("Fixtures/csv/penguins.csv").path

    func gridrender(_ arguments: [String], stdin: String? = nil, in dir: String? = nil) throws -> CLI.Run {
        try CLI.run(arguments, in: dir ?? CLI.packageRoot.path, stdin: stdin.map { Data($0.utf8) })
    }

    /// Words of a one-page PDF (poppler's `pdftotext -bbox`), top to bottom, left to right.
    func words(_ pdf: String) throws -> [(x0: Double, x1: Double, y: Double, text: String)] {
        let r = try CLI.run(["-bbox", pdf, "-"], in: CLI.packageRoot.path, executable: "/usr/bin/pdftotext")
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").compactMap { line in
            func attribute(_ name: String) -> Double? {
                guard let range = line.range(of: name + "=\"") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "\"" })
            }
            guard line.contains("<word "), let x0 = attribute("xMin"), let x1 = attribute("xMax"), let y = attribute("yMin") else { return nil }
            let text = line.split(separator: ">").dropFirst().first?.split(separator: "<").first.map(String.init) ?? ""
            return (x0, x1, y, text)
        }
    }

    /// Body masses of the fixture as R reads them (nil for NA), in file order.
    static func masses() throws -> [Double?] {
        let lines = try String(contentsOfFile: penguins, encoding: .utf8).split(separator: "\n").dropFirst()
        return lines.map { Double($0.split(separator: ",", omittingEmptySubsequences: false)[5]) }
    }

    @Test func penguinsAlignNumericallyWithNoFlag() throws {
        let dir = try CLI.scratch("penguins")
        let r = try gridrender(["render", Self.penguins, "-o", dir + "/p.pdf"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let all = try words(dir + "/p.pdf")
        // bill_length_mm holds 32.1…59.6 and nothing else in that range does ("39.1", "42", …).
        let bill = all.filter { Double($0.text).map { $0 >= 30 && $0 < 100 } ?? false }
        #expect(bill.count == 38)   // 40 rows, 2 NA
        let header = try #require(all.first { $0.text == "bill_length_mm" })
        // One right edge for every value (within rounding), and the bold title's within a point.
        let edges = bill.map(\.x1)
        #expect(edges.max()! - edges.min()! < 0.05, "\(bill.map(\.text)) not right-aligned")
        #expect(abs(edges[0] - header.x1) < 1)
        #expect(Set(bill.map { ($0.x0 * 100).rounded() }).count > 1)       // widths differ: really right-aligned
        #expect(!all.contains { $0.text == "NA" })                          // missing cells are empty
    }

    @Test(arguments: [false, true])
    func penguinsSortNumericallyWithMissingLast(descending: Bool) throws {
        let dir = try CLI.scratch("penguins-sort")
        let masses = try Self.masses().compactMap { $0 }
        #expect(masses.count == 38)
        let sorted = descending ? masses.sorted(by: >) : masses.sorted()
        // "The heaviest 10": NA rows must not come first.
        let r = try gridrender(["render", Self.penguins, "-o", dir + "/top.pdf", "--sort", (descending ? "-" : "") + "body_mass_g", "--limit", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        let top = try words(dir + "/top.pdf").compactMap { Double($0.text) }.filter { $0 >= 2500 && $0 < 10_000 }
        #expect(top == Array(sorted.prefix(10)))
        // The whole table: every mass in order, then the two NA rows (species shown, mass empty).
        let full = try gridrender(["render", Self.penguins, "-o", dir + "/all.pdf", "--sort", (descending ? "-" : "") + "body_mass_g"])
        #expect(full.status == 0, "\(full.stderr)")
        let all = try words(dir + "/all.pdf")
        #expect(all.compactMap { Double($0.text) }.filter { $0 >= 2500 && $0 < 10_000 } == sorted)
        let lastMass = try #require(all.last { Double($0.text).map { $0 >= 2500 && $0 < 10_000 } ?? false })
        let speciesBelow = all.filter { ["Adelie", "Gentoo", "Chinstrap"].contains($0.text) && $0.y > lastMass.y + 1 }
        #expect(speciesBelow.map(\.text) == ["Adelie", "Gentoo"])
    }

    @Test func semicolonCSVRendersItsColumns() throws {
        let dir = try CLI.scratch("semicolon")
        try "name;mass;height\nAda;1,5;170\nBo;12,25;NA\n".write(toFile: dir + "/eu.csv", atomically: true, encoding: .utf8)
        let r = try gridrender(["layout", "eu.csv"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((object["columns"] as? [Any])?.count == 3)
        // Forced to commas, the header is one field and the decimal commas split the rows.
        let forced = try gridrender(["layout", "eu.csv", "--delimiter", ","], in: dir)
        CLI.expectOneErrorLine(forced, containing: ["eu.csv:2", "expected 1 fields, found 2"])
        let tab = try gridrender(["layout", "eu.csv", "--delimiter", "tab"], in: dir)
        #expect(tab.status == 0, "\(tab.stderr)")
        let one = try #require(try JSONSerialization.jsonObject(with: Data(tab.stdout.utf8)) as? [String: Any])
        #expect((one["columns"] as? [Any])?.count == 1)
    }

    static let stdinSamples: [(name: String, text: String)] = [
        ("json", #"{"data": {"rows": [["k", "v"], ["a", 1]]}}"#),
        ("yaml", "data:\n  rows:\n    - [k, v]\n    - [a, 1]\n"),
        ("csv", "k,v\na,1\n"),
        ("semicolon", "k;v\na;1,5\n"),
        ("tsv", "k\tv\na\t1\n"),
        ("markdown", "| k | v |\n|---|--:|\n| a | 1 |\n"),
    ]

    @Test(arguments: stdinSamples.indices)
    func standardInputIsSniffed(index: Int) throws {
        let sample = Self.stdinSamples[index]
        let r = try gridrender(["layout", "-"], stdin: sample.text)
        #expect(r.status == 0, "\(sample.name): \(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(sample.name)")
        #expect((object["columns"] as? [Any])?.count == 2, "\(sample.name)")
        #expect((object["rows"] as? [Any])?.count == 2, "\(sample.name)")
    }

    /// Sniffed standard input is presented as the file would be (a Markdown table's padding,
    /// a titled CSV's padding): the same PNG, byte for byte.
    @Test(arguments: [("Fixtures/markdown/scores.md", [String]()), ("Fixtures/csv/penguins.csv", ["--title", "Penguins"])])
    func standardInputRendersAsTheFile(file: String, options: [String]) throws {
        let dir = try CLI.scratch("stdin-as-file")
        let text = try String(contentsOfFile: CLI.packageRoot.appendingPathComponent(file).path, encoding: .utf8)
        let fromFile = try gridrender(["render", CLI.packageRoot.appendingPathComponent(file).path, "-o", "file.png"] + options, in: dir)
        let fromStdin = try gridrender(["render", "-", "-o", "stdin.png"] + options, stdin: text, in: dir)
        #expect(fromFile.status == 0 && fromStdin.status == 0, "\(fromFile.stderr) \(fromStdin.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/file.png")), b = try Data(contentsOf: URL(fileURLWithPath: dir + "/stdin.png"))
        #expect(a == b, "\(file): \(a.count) and \(b.count) bytes")
    }

    @Test func headOfACSVRendersFromStandardInput() throws {
        let dir = try CLI.scratch("head")
        let head = try String(contentsOfFile: Self.penguins, encoding: .utf8).split(separator: "\n").prefix(10).joined(separator: "\n") + "\n"
        let r = try gridrender(["render", "-", "-o", "x.png"], stdin: head, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func standardInputThatCannotBeToldNamesInputFormat() throws {
        let r = try gridrender(["layout", "-"], stdin: "hello\nworld\n")
        CLI.expectOneErrorLine(r, containing: ["--input-format"])
        // --input-format still forces: the same text is a one-column CSV.
        let forced = try gridrender(["layout", "-", "--input-format", "csv"], stdin: "hello\nworld\n")
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    @Test func nearlyNumericColumnWarnsOnceAndNaSilencesIt() throws {
        let dir = try CLI.scratch("warn")
        try "name,mass\na,1\nb,n/d\nc,3\nd,4\n".write(toFile: dir + "/people.csv", atomically: true, encoding: .utf8)
        let r = try gridrender(["render", "people.csv", "-o", "p.png"], in: dir)
        #expect(r.status == 0)
        #expect(r.errorLines == ["warning: people.csv: column \"mass\" is numeric except 1 value (\"n/d\"): add them to data.na or --na to treat them as missing"])
        let sorted = try gridrender(["render", "people.csv", "-o", "p.png", "--sort", "-mass"], in: dir)
        #expect(sorted.errorLines.count == 1 && sorted.stderr.contains("column \"mass\""))
        let quiet = try gridrender(["render", "people.csv", "-o", "p.png", "--na", "n/d"], in: dir)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        // --na '' keeps only the empty cell missing: NA is text again, and warned about.
        try "name,mass\na,1\nb,NA\nc,3\nd,4\n".write(toFile: dir + "/r.csv", atomically: true, encoding: .utf8)
        let onlyEmpty = try gridrender(["layout", "r.csv", "--na", ""], in: dir)
        #expect(onlyEmpty.stderr.contains("except 1 value (\"NA\")"), "\(onlyEmpty.stderr)")
        #expect(try gridrender(["layout", "r.csv"], in: dir).stderr.isEmpty)
    }

    @Test(arguments: [
        (["--delimiter", "ab"], "--delimiter"),
        (["--delimiter", "\""], "--delimiter"),
    ])
    func badOptionsAreOneErrorLine(options: [String], fragment: String) throws {
        CLI.expectOneErrorLine(try gridrender(["layout", Self.penguins] + options), containing: [fragment])
    }

    @Test(arguments: [
        (#"{"data": {"csv": "d.csv", "delimiter": "ab"}}"#, "data.delimiter"),
        (#"{"data": {"csv": "d.csv", "na": 3}}"#, "data.na"),
        (#"{"data": {"rows": [["a"]], "na": ["x"]}}"#, "data.na"),
    ])
    func badDocumentSettingsAreOneErrorLine(document: String, keyPath: String) throws {
        let dir = try CLI.scratch("bad-data")
        try "a,b\n1,2\n".write(toFile: dir + "/d.csv", atomically: true, encoding: .utf8)
        try document.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let r = try gridrender(["render", "doc.json", "-o", "out.png"], in: dir)
        CLI.expectOneErrorLine(r, containing: ["doc.json", keyPath])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }
}
