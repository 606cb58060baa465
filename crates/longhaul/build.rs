// Release builds embed the SPA in web/dist (rust-embed), so they are rebuilt
// when it changes, or the binary would keep serving the previous build. Debug
// builds read web/dist at run time (src/spa.rs), so a new SPA build must not
// recompile them; `build.rs` alone then keeps cargo from rerunning this script
// on every change in the package.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        println!("cargo:rerun-if-changed=../../web/dist");
    }
}
