import Foundation
import Testing
@testable import GridDocument
import GridTestSupport

/// `OutputPlan`: the clash rules, each under several spellings of the same file.
@Suite struct OutputPlanTests {
    static func scratch() throws -> String {
        let dir = try TestScratch.directory("outputplan")
        try FileManager.default.createDirectory(atPath: dir + "/d/sub", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/d/in.png"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "d")
        try FileManager.default.createSymbolicLink(atPath: dir + "/file-link.png", withDestinationPath: "d/in.png")
        try FileManager.default.linkItem(atPath: dir + "/d/in.png", toPath: dir + "/hard.png")
        return dir
    }

    static let spellings = ["d/in.png", "./d/in.png", "d/sub/../in.png", "d//in.png", "link/in.png", "file-link.png", "hard.png"]

    @Test func anOutputOverAnInputUnderAnySpelling() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for input in Self.spellings {
            for output in Self.spellings {
                var plan = OutputPlan()
                plan.reads(dir + "/" + input, as: "input")
                plan.writes(dir + "/" + output, as: "output")
                #expect(plan.clash() != nil, "\(output) over \(input)")
            }
            var fine = OutputPlan()
            fine.reads(dir + "/" + input, as: "input")
            fine.writes(dir + "/d/other.png", as: "output")
            #expect(fine.clash() == nil)
        }
    }

    @Test func twoOutputsNotYetWrittenMeetByPath() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for other in ["d/new.png", "./d/new.png", "d/sub/../new.png", "link/new.png"] {
            var plan = OutputPlan()
            plan.writes(dir + "/d/new.png", as: "one")
            plan.writes(dir + "/" + other, as: "two")
            #expect(plan.clash() != nil, "\(other)")
        }
    }

    @Test(arguments: ["x-1.png", "x-2.png", "x-10.png", "x-0001.png"])
    func pageNamesAreTaken(_ name: String) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var plan = OutputPlan()
        plan.writesPages(dir + "/d/x.png", as: "pages")
        plan.writes(dir + "/link/" + name, as: "output")
        #expect(plan.clash() != nil)
        var reading = OutputPlan()
        reading.writesPages(dir + "/link/x.png", as: "pages")
        reading.reads(dir + "/d/sub/../" + name, as: "input")
        #expect(reading.clash() != nil)
    }

    @Test(arguments: ["x.png", "x-.png", "x-a.png", "x-1.svg", "y-1.png", "x-1-1.png", "sub/x-1.png"])
    func otherNamesAreFree(_ name: String) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var plan = OutputPlan()
        plan.writesPages(dir + "/d/x.png", as: "pages")
        plan.writes(dir + "/d/" + name, as: "output")
        #expect(plan.clash() == nil, "\(name)")
    }

    /// A page file that already exists as a hard link of an input is found by its inode.
    @Test func anExistingPageFileHardLinkedToAnInput() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.linkItem(atPath: dir + "/d/in.png", toPath: dir + "/d/x-3.png")
        var plan = OutputPlan()
        plan.writesPages(dir + "/d/x.png", as: "pages")
        plan.reads(dir + "/hard.png", as: "input")
        #expect(plan.clash() != nil)
    }

    @Test func folders() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func clash(_ build: (inout OutputPlan) -> Void) -> Bool { var p = OutputPlan(); build(&p); return p.clash() != nil }
        #expect(clash { $0.readsFolder(dir + "/d", as: "a"); $0.readsFolder(dir + "/link/sub", as: "b") })
        #expect(clash { $0.readsFolder(dir + "/d/sub", as: "a"); $0.readsFolder(dir + "/./d", as: "b") })
        #expect(!clash { $0.readsFolder(dir + "/d", as: "a"); $0.readsFolder(dir + "/link", as: "b") })  // the same folder twice
        #expect(clash { $0.readsFolder(dir + "/d", as: "a"); $0.writesFolder(dir + "/link", as: "report") })
        #expect(clash { $0.readsFolder(dir + "/d/sub", as: "a"); $0.writesFolder(dir, as: "report") })
        #expect(clash { $0.readsFolder(dir + "/d", as: "a"); $0.writes(dir + "/link/sub/j.xml", as: "junit") })
        #expect(!clash { $0.readsFolder(dir + "/d", as: "a", readOnly: false); $0.writes(dir + "/d/j.xml", as: "junit") })
        #expect(clash { $0.writesFolder(dir + "/r", as: "report"); $0.writes(dir + "/r/index.html", as: "junit") })
        #expect(clash { $0.writesFolder(dir + "/d", as: "report"); $0.reads(dir + "/hard.png", as: "image") } == false)  // hard link outside
        #expect(clash { $0.writesFolder(dir + "/d", as: "report"); $0.reads(dir + "/file-link.png", as: "image") })
        #expect(!clash { $0.readsFolder(dir + "/d", as: "a"); $0.writes(dir + "/out.png", as: "diff") })
    }
}
