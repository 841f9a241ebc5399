import Testing
@testable import GridDocument

/// `format.date`: TR35 patterns, ISO 8601 input, English names, no zone or locale.
@Suite struct DateFormatTests {
    func show(_ text: String, _ output: String, input: String? = nil) -> String? {
        DateFormatSpec(input: input, output: output).format(text)
    }

    @Test func isoInputAndPatternLetters() {
        #expect(show("2024-03-05", "dd MMM yyyy") == "05 Mar 2024")
        #expect(show("2024-03-05", "d MMMM yyyy") == "5 March 2024")
        #expect(show("2024-03-05", "EEE d MMM") == "Tue 5 Mar")
        #expect(show("2024-03-05", "EEEE") == "Tuesday")
        #expect(show("2024-03-05", "yy-M-d") == "24-3-5")
        #expect(show("2024-03-05T14:07:09", "HH:mm:ss") == "14:07:09")
        #expect(show("2024-03-05 14:07", "yyyy-MM-dd'T'HH:mm") == "2024-03-05T14:07")
        #expect(show("2024-03-05T23:30:00Z", "dd HH") == "05 23")          // the zone is not applied
        #expect(show("2024-03-05T23:30:00.250+05:30", "dd HH:mm") == "05 23:30")
        #expect(show("2024-03-05", "'Week of' d MMM, ''yy") == "Week of 5 Mar, '24")
    }

    @Test func weekdays() {
        #expect(show("1970-01-01", "EEE") == "Thu")
        #expect(show("2000-02-29", "EEE") == "Tue")
        #expect(show("1900-03-01", "EEE") == "Thu")
        #expect(show("2026-11-22", "EEEE") == "Sunday")
        #expect(show("0001-01-01", "EEE") == "Mon")
    }

    @Test func unreadableValues() {
        #expect(show("2024-02-30", "d MMM") == nil)     // no such day
        #expect(show("2023-02-29", "d MMM") == nil)     // not a leap year
        #expect(show("24-03-05", "d MMM") == nil)
        #expect(show("2024-03-05x", "d MMM") == nil)
        #expect(show("yesterday", "d MMM") == nil)
        #expect(show("2024-13-01", "d MMM") == nil)
    }

    @Test func customInput() {
        #expect(show("05/03/2024", "yyyy-MM-dd", input: "dd/MM/yyyy") == "2024-03-05")
        #expect(show("March 5, 2024", "dd.MM.yy", input: "MMMM d, yyyy") == "05.03.24")
        #expect(show("mar 5 2024", "yyyy-MM-dd", input: "MMM d yyyy") == "2024-03-05")
        #expect(show("20240305", "d MMM yyyy", input: "yyyyMMdd") == "5 Mar 2024")
        #expect(show("2024-03-05", "d MMM", input: "dd/MM/yyyy") == nil)
    }

    @Test func badPatterns() {
        #expect(throws: DocumentError.self) { try DatePattern("yyyy-QQ") }
        #expect(throws: DocumentError.self) { try DatePattern("yyy") }
        #expect(throws: DocumentError.self) { try DatePattern("'open") }
        #expect((try? DatePattern("HH 'h'")) != nil)
    }
}
