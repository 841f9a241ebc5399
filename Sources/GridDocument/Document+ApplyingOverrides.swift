extension Document {
    /// `applying(_:)` under a name of its own, for the GridRender module, whose public
    /// `applying(_:)` (same signature, its own error type) shadows this module's there.
    package func applyingOverrides(_ overrides: DocumentOverrides) throws(DocumentError) -> Document {
        try applying(overrides)
    }
}
