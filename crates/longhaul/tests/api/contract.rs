//! The committed API contract must match what the server serves, so the SPA's
//! generated types cannot drift from the API.

#[test]
fn openapi_snapshot_is_current() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../contracts/openapi.json");
    let current = longhaul::app::spec_json();
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

/// Every `{param}` of a path is declared as a path parameter of each of its
/// operations, so generated clients (and the SPA's types) can fill it in.
#[test]
fn every_path_parameter_is_declared() {
    let spec: serde_json::Value = serde_json::from_str(&longhaul::app::spec_json()).unwrap();
    let mut missing = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        let names: Vec<&str> = path
            .split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}').map(|(name, _)| name))
            .collect();
        let declared_in = |params: &serde_json::Value| -> Vec<String> {
            params
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == "path")
                .filter_map(|p| p["name"].as_str().map(str::to_owned))
                .collect()
        };
        let common = declared_in(&item["parameters"]);
        for (method, op) in item.as_object().unwrap() {
            if method == "parameters" {
                continue;
            }
            let mut declared = declared_in(&op["parameters"]);
            declared.extend(common.iter().cloned());
            for name in &names {
                if !declared.iter().any(|d| d == name) {
                    missing.push(format!("{method} {path}: {{{name}}}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "undeclared path parameters: {missing:#?}"
    );
}
