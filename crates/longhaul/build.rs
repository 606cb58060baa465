// The SPA in web/dist is embedded into the binary (rust-embed): rebuild
// when it changes, or the binary would keep serving the previous build.
fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
}
