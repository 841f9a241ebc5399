/// Hands a value that is not `Sendable` to another thread whose use of it the caller has made
/// exclusive (a painting thread's own painter, the job read-only while bands are painted, or a
/// buffer whose slots each thread writes alone).
package struct Unchecked<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
