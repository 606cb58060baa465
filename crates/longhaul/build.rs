// The SPA in web/dist is embedded by rust-embed: release builds embed the
// files, and debug builds (which read them at run time) still decide at
// compile time whether the folder exists — a debug binary compiled before the
// first `vite build` would serve "not built" for good. So both rebuild when
// web/dist changes; `make run` rebuilds the SPA only when its sources changed
// (Makefile), so an unchanged tree recompiles nothing.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../../web/dist");
}
