//! The committed API contract must match what the server serves, so the SPA's
//! generated types cannot drift from the API.

#[test]
fn openapi_snapshot_is_current() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../contracts/openapi.json");
    let current = longhaul::openapi::spec_json();
    if std::env::var("UPDATE_SNAPSHOTS").is_ok() {
        std::fs::write(&path, format!("{current}\n")).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed.trim_end() == current.trim_end(),
        "contracts/openapi.json is stale: run `make openapi`"
    );
}
