/// A command whose checks run after the whole command line is parsed, not in `validate()`.
///
/// ArgumentParser calls `validate()` (a command's and its option groups') before it looks for
/// arguments nothing claimed, so a check that counts inputs answered an unknown option:
/// `render x.csv --na n/d -o x.png` said "-o takes one input" (the `n/d` after the unknown
/// `--na` was taken as a second input). `GridRenderCommand.main` calls `check()` once parsing
/// has succeeded, so an unknown `--x` or `-x` is always reported as unknown first.
protocol CheckedAfterParsing {
    func check() throws
}
