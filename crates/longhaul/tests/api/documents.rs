//! Issue 12: fleet documents through HTTP — uploads streamed into the file
//! store (the local directory, and S3 against moto's server), the content
//! check and the size limit, safe file names, the list's filters, download,
//! delete, another fleet's ids, and the orphan sweep after a failure
//! between the object and the row.

use crate::fleet_dashboard::fleet;
use crate::helpers::{Backend, TestApp, backends, error_of, spawn_configured};
use crate::on_each_backend;
use async_trait::async_trait;
use chrono::{Days, Utc};
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use longhaul::app::Overrides;
use longhaul::seed::Sizes;
use object_store::path::Path;
use object_store::{
    CopyOptions, GetOptions, GetResult, ListResult, MultipartUpload, ObjectMeta, ObjectStore,
    PutMultipartOptions, PutOptions, PutPayload, PutResult,
};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::{ConnectionTrait, EntityTrait, PaginatorTrait};
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Form fields as (name, value).
type Fields<'a> = &'a [(&'a str, &'a str)];
/// A refused upload: its fields, its file, the field named and the message.
type Refusal<'a> = (Fields<'a>, Option<(&'a str, Vec<u8>)>, &'a str, &'a str);

pub(crate) const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

pub(crate) fn day(offset: i64) -> String {
    let today = Utc::now().date_naive();
    let d = if offset >= 0 {
        today.checked_add_days(Days::new(offset as u64))
    } else {
        today.checked_sub_days(Days::new((-offset) as u64))
    };
    d.unwrap().format("%Y-%m-%d").to_string()
}

/// Posts a document: the text fields first, then the file, as the SPA does.
async fn upload(
    app: &TestApp,
    fields: &[(&str, &str)],
    file: Option<(&str, Vec<u8>)>,
) -> reqwest::Response {
    let mut form = Form::new();
    for (k, v) in fields {
        form = form.text(k.to_string(), v.to_string());
    }
    if let Some((name, bytes)) = file {
        form = form.part(
            "file",
            Part::bytes(bytes)
                .file_name(name.to_owned())
                .mime_str("application/pdf")
                .unwrap(),
        );
    }
    app.client
        .post(app.url("/api/fleet/documents"))
        .header("x-csrf-token", app.csrf.clone().unwrap_or_default())
        .multipart(form)
        .send()
        .await
        .unwrap()
}

pub(crate) async fn upload_ok(
    app: &TestApp,
    fields: &[(&str, &str)],
    name: &str,
    bytes: &[u8],
) -> Value {
    let res = upload(app, fields, Some((name, bytes.to_vec()))).await;
    assert_eq!(
        res.status(),
        StatusCode::CREATED,
        "{}",
        res.text().await.unwrap()
    );
    res.json().await.unwrap()
}

async fn delete(app: &TestApp, id: &str) -> reqwest::Response {
    app.client
        .delete(app.url(&format!("/api/fleet/documents/{id}")))
        .header("x-csrf-token", app.csrf.clone().unwrap_or_default())
        .send()
        .await
        .unwrap()
}

async fn list(app: &TestApp, query: &str) -> Value {
    let res = app.get(&format!("/api/fleet/documents{query}")).await;
    assert_eq!(res.status(), StatusCode::OK, "{query}");
    res.json().await.unwrap()
}

fn names(page: &Value) -> Vec<String> {
    let mut names: Vec<String> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

/// Every object under the documents' prefix of the app's file store.
async fn stored_objects(app: &TestApp) -> Vec<String> {
    app.state
        .files
        .list(Some(&Path::from("fleet-documents")))
        .map(|m| m.unwrap().location.to_string())
        .collect()
        .await
}

async fn document_rows(app: &TestApp) -> u64 {
    db::entities::fleet_document::Entity::find()
        .count(&app.inspect_db().await)
        .await
        .unwrap()
}

/// The seeded fleet's three trucks are all inactive (one's driver is the
/// fleet's inactive driver, one's is unknown to it) or decommissioned.
const TRUCKS: &str = "/api/fleet/trucks?tab=inactive";

async fn first_id(app: &TestApp, path: &str) -> String {
    let page: Value = app.get(path).await.json().await.unwrap();
    page["items"][0]["id"].as_str().unwrap().to_owned()
}

/// A fleet with assets, its admin signed in.
async fn signed_in_fleet(app: &mut TestApp, email: &str, dot: &str) -> uuid::Uuid {
    let sizes = Sizes {
        drivers: 3,
        trucks: 3,
        trailers: 3,
    };
    // Judged on the day `day` counts from, whatever the hour (decision 043).
    app.state
        .clock
        .pin(Some(crate::compliance::us_midday(Utc::now().date_naive())));
    let id = fleet(app, email, "Docs Haulers", dot, sizes).await;
    app.sign_in(email, "secret1").await;
    id
}

async fn upload_download_and_delete(mut app: TestApp) {
    let fleet_id = signed_in_fleet(&mut app, "docs@fleet.example", "6100001").await;
    let truck = first_id(&app, TRUCKS).await;
    let expires = day(10);
    let item = upload_ok(
        &app,
        &[
            ("name", "Registration 2025"),
            ("document_type", "truck_registration"),
            ("vehicle_type", "truck"),
            ("vehicle_id", &truck),
            ("issue_date", "2025-01-05"),
            ("expiration_date", &expires),
            ("description", "Renewed at the DMV"),
            ("share_with_drivers", "true"),
        ],
        "Registration 2025.final.pdf",
        PDF,
    )
    .await;
    assert_eq!(item["status"], "expiring_soon");
    assert_eq!(item["file_name"], "Registration 2025.final.pdf");
    assert_eq!(item["file_type"], "application/pdf");
    assert_eq!(item["file_size"], PDF.len());
    assert_eq!(item["issue_date"], "2025-01-05");
    assert_eq!(item["expiration_date"], expires.as_str());
    assert_eq!(item["is_shared_with_drivers"], true);
    assert_eq!(item["vehicle"]["kind"], "truck");
    assert_eq!(item["vehicle"]["id"], truck.as_str());
    assert_eq!(item["description"], "Renewed at the DMV");
    let id = item["id"].as_str().unwrap().to_owned();

    // The object is stored under a generated key of the fleet, not the file's name.
    let objects = stored_objects(&app).await;
    assert_eq!(objects.len(), 1);
    assert!(
        objects[0].starts_with(&format!("fleet-documents/{fleet_id}/")),
        "{objects:?}"
    );
    assert!(!objects[0].contains("Registration"));

    let page = list(&app, "").await;
    assert_eq!(page["total"], 1);
    assert_eq!(page["counts"]["expiring_soon"], 1);
    assert_eq!(page["items"][0]["id"], id.as_str());
    assert_eq!(
        list(&app, &format!("?vehicle_id={truck}")).await["total"],
        1
    );

    let res = app
        .get(&format!("/api/fleet/documents/{id}/download"))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.contains("filename*=UTF-8''Registration%202025.final.pdf"),
        "{disposition}"
    );
    assert_eq!(res.bytes().await.unwrap().as_ref(), PDF);

    assert_eq!(delete(&app, &id).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(list(&app, "").await["total"], 0);
    assert!(
        stored_objects(&app).await.is_empty(),
        "the object goes with the row"
    );
    assert_eq!(
        app.get(&format!("/api/fleet/documents/{id}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(delete(&app, &id).await.status(), StatusCode::NOT_FOUND);
}

on_each_backend!(
    a_document_is_uploaded_listed_downloaded_and_deleted,
    upload_download_and_delete
);

async fn refusals(mut app: TestApp) {
    signed_in_fleet(&mut app, "refuse@fleet.example", "6100002").await;
    let fields = [
        ("name", "Insurance"),
        ("document_type", "company_insurance"),
    ];

    // Over the limit (1 MB here): 413 naming it.
    let res = upload(
        &app,
        &fields,
        Some(("big.pdf", [PDF, &vec![b'x'; 1024 * 1024]].concat())),
    )
    .await;
    let (status, body) = error_of(res).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body["message"].as_str().unwrap().contains("1 MB"), "{body}");

    // A Windows program named .pdf: 415 naming what it is.
    let exe = [
        &b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"[..],
        &[0u8; 200],
    ]
    .concat();
    let (status, body) = error_of(upload(&app, &fields, Some(("invoice.pdf", exe))).await).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(body["message"].as_str().unwrap().contains(".exe"), "{body}");

    // The spec's texts for what is missing; other fields named.
    let cases: [Refusal; 8] = [
        (&fields, None, "file", "Please select a file to upload"),
        (
            &[("document_type", "company_ifta")],
            Some(("a.pdf", PDF.to_vec())),
            "name",
            "Please fill in all required fields",
        ),
        (
            &[("name", "IFTA")],
            Some(("a.pdf", PDF.to_vec())),
            "document_type",
            "Please fill in all required fields",
        ),
        (
            &[("name", "IFTA"), ("document_type", "passport")],
            Some(("a.pdf", PDF.to_vec())),
            "document_type",
            "Choose one of the document types.",
        ),
        (
            &[
                ("name", "IFTA"),
                ("document_type", "company_ifta"),
                ("expiration_date", "12/31/2025"),
            ],
            Some(("a.pdf", PDF.to_vec())),
            "expiration_date",
            "Enter the date as YYYY-MM-DD.",
        ),
        (
            &[
                ("name", "IFTA"),
                ("document_type", "company_ifta"),
                ("vehicle_type", "truck"),
                ("vehicle_id", "7d1f0c52-7a0e-4b8e-9a57-0d7c1b9b2f11"),
            ],
            Some(("a.pdf", PDF.to_vec())),
            "vehicle_id",
            "That vehicle is not in your fleet.",
        ),
        (
            &[
                ("name", "IFTA"),
                ("document_type", "company_ifta"),
                ("driver_id", "not-an-id"),
            ],
            Some(("a.pdf", PDF.to_vec())),
            "driver_id",
            "That driver is not in your fleet.",
        ),
        (
            &fields,
            Some(("empty.pdf", Vec::new())),
            "file",
            "The file is empty.",
        ),
    ];
    for (fields, file, field, message) in cases {
        let (status, body) = error_of(upload(&app, fields, file).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {body}");
        assert_eq!(body["fields"][field], message, "{body}");
    }

    // Not multipart at all.
    let res = app
        .post("/api/fleet/documents", serde_json::json!({"name": "x"}))
        .await;
    assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    // Nothing of any refusal stayed behind.
    assert_eq!(document_rows(&app).await, 0);
    assert!(stored_objects(&app).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_uploads_are_refused_and_leave_nothing_behind() {
    for backend in backends() {
        let app =
            spawn_configured(backend, &[("DOCUMENT_MAX_MB", "1")], Overrides::default()).await;
        refusals(app).await;
    }
}

on_each_backend!(
    a_file_name_with_path_parts_and_nul_is_stored_safely,
    |mut app: TestApp| async move {
        let fleet_id = signed_in_fleet(&mut app, "names@fleet.example", "6100003").await;
        let fields = [
            ("name", "Crash\0 report\r\n"),
            ("document_type", "crash_report"),
            ("description", "line one\nline\0 two"),
        ];
        let item = upload_ok(&app, &fields, "../../../etc/crash.pdf", PDF).await;
        assert_eq!(item["file_name"], "crash.pdf");
        assert_eq!(item["name"], "Crash report");
        assert_eq!(item["description"], "line one\nline two");
        let item = upload_ok(&app, &fields, "C:\\Users\\me\\..\\scan.pdf", PDF).await;
        assert_eq!(item["file_name"], "scan.pdf");
        // A NUL in the part's headers is no multipart at all: 400, nothing stored.
        let (status, body) =
            error_of(upload(&app, &fields, Some(("cr\0ash.pdf", PDF.to_vec()))).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(stored_objects(&app).await.len(), 2);
        for object in stored_objects(&app).await {
            assert!(
                object.starts_with(&format!("fleet-documents/{fleet_id}/")),
                "{object}"
            );
        }
        // Only the fleet's own directory exists under the store.
        let mut top = std::fs::read_dir(app.data_dir.join("files/fleet-documents")).unwrap();
        assert_eq!(
            top.next().unwrap().unwrap().file_name().to_string_lossy(),
            fleet_id.to_string()
        );
        assert!(top.next().is_none());
        let res = app
            .get(&format!(
                "/api/fleet/documents/{}/download",
                item["id"].as_str().unwrap()
            ))
            .await;
        let disposition = res.headers()["content-disposition"].to_str().unwrap();
        assert!(
            disposition.starts_with("attachment; filename=\"scan.pdf\""),
            "{disposition}"
        );
    }
);

on_each_backend!(
    another_fleets_document_answers_404_three_ways,
    |mut app: TestApp| async move {
        signed_in_fleet(&mut app, "alpha@fleet.example", "6100004").await;
        let item = upload_ok(
            &app,
            &[
                ("name", "Authority"),
                ("document_type", "company_authority"),
            ],
            "mc.pdf",
            PDF,
        )
        .await;
        let id = item["id"].as_str().unwrap().to_owned();
        let sizes = Sizes {
            drivers: 1,
            trucks: 1,
            trailers: 1,
        };
        fleet(&app, "beta@fleet.example", "Beta Docs", "6100005", sizes).await;
        app.sign_in("beta@fleet.example", "secret1").await;
        assert_eq!(
            app.get(&format!("/api/fleet/documents/{id}"))
                .await
                .status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            app.get(&format!("/api/fleet/documents/{id}/download"))
                .await
                .status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(delete(&app, &id).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(list(&app, "").await["total"], 0);
        // Beta cannot file a document against Alpha's truck either.
        app.sign_in("alpha@fleet.example", "secret1").await;
        let alpha_truck = first_id(&app, TRUCKS).await;
        app.sign_in("beta@fleet.example", "secret1").await;
        let res = upload(
            &app,
            &[
                ("name", "X"),
                ("document_type", "maintenance"),
                ("vehicle_type", "truck"),
                ("vehicle_id", &alpha_truck),
            ],
            Some(("x.pdf", PDF.to_vec())),
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        // Untouched: Alpha still has its document and its object.
        assert_eq!(document_rows(&app).await, 1);
        assert_eq!(stored_objects(&app).await.len(), 1);
    }
);

on_each_backend!(
    the_list_filters_on_the_server,
    |mut app: TestApp| async move {
        signed_in_fleet(&mut app, "filters@fleet.example", "6100006").await;
        let truck = first_id(&app, TRUCKS).await;
        let trailer = first_id(&app, "/api/fleet/trailers").await;
        let driver = first_id(&app, "/api/fleet/drivers").await;
        let (past, soon, today, far) = (day(-1), day(30), day(0), day(31));
        let docs: [(&str, &str, Fields); 5] = [
            (
                "Truck Registration",
                "truck_registration",
                &[
                    ("vehicle_type", "truck"),
                    ("vehicle_id", &truck),
                    ("expiration_date", &past),
                ],
            ),
            (
                "Trailer Inspection",
                "trailer_inspection",
                &[
                    ("vehicle_type", "trailer"),
                    ("vehicle_id", &trailer),
                    ("expiration_date", &soon),
                ],
            ),
            ("IFTA Q3", "company_ifta", &[("expiration_date", &today)]),
            (
                "Insurance",
                "company_insurance",
                &[("expiration_date", &far)],
            ),
            ("CDL scan", "company_other", &[("driver_id", &driver)]),
        ];
        for (name, kind, extra) in docs {
            let mut fields = vec![("name", name), ("document_type", kind)];
            fields.extend_from_slice(extra);
            upload_ok(&app, &fields, "f.pdf", PDF).await;
        }
        let all = list(&app, "").await;
        assert_eq!(all["total"], 5);
        assert_eq!(
            (
                all["counts"]["expiring_soon"].as_u64(),
                all["counts"]["expired"].as_u64()
            ),
            (Some(2), Some(1))
        );
        let statuses: Vec<(String, String)> = all["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["name"].as_str().unwrap().into(),
                    i["status"].as_str().unwrap().into(),
                )
            })
            .collect();
        assert!(statuses.contains(&("Truck Registration".into(), "expired".into())));
        assert!(statuses.contains(&("IFTA Q3".into(), "expiring_soon".into())));
        assert!(statuses.contains(&("Insurance".into(), "valid".into())));
        assert!(statuses.contains(&("CDL scan".into(), "none".into())));

        assert_eq!(
            names(&list(&app, "?tab=expiring_soon").await),
            ["IFTA Q3", "Trailer Inspection"]
        );
        assert_eq!(
            names(&list(&app, "?tab=expired").await),
            ["Truck Registration"]
        );
        assert_eq!(names(&list(&app, "?q=INSP").await), ["Trailer Inspection"]);
        assert_eq!(names(&list(&app, "?q=100%25").await), Vec::<String>::new());
        assert_eq!(names(&list(&app, "?type=company_ifta").await), ["IFTA Q3"]);
        assert_eq!(
            names(&list(&app, &format!("?vehicle_id={trailer}")).await),
            ["Trailer Inspection"]
        );
        assert_eq!(
            names(&list(&app, &format!("?driver_id={driver}")).await),
            ["CDL scan"]
        );
        let today_range = format!("?from={today}&to={today}");
        assert_eq!(list(&app, &today_range).await["total"], 5);
        assert_eq!(list(&app, &format!("?to={past}")).await["total"], 0);
        assert_eq!(
            names(
                &list(
                    &app,
                    &format!("?tab=expiring_soon&q=q3&type=company_ifta&from={today}")
                )
                .await
            ),
            ["IFTA Q3"]
        );
        assert_eq!(
            list(&app, "?tab=expired&type=company_ifta").await["total"],
            0
        );
        // The asset's counts on its detail screen.
        let trailer_page = list(&app, &format!("?vehicle_id={trailer}")).await;
        assert_eq!(trailer_page["counts"]["expiring_soon"], 1);
        assert_eq!(trailer_page["counts"]["expired"], 0);
        // Pages, newest first.
        let first = list(&app, "?per_page=2").await;
        let second = list(&app, "?per_page=2&page=3").await;
        assert_eq!(
            (
                first["items"].as_array().unwrap().len(),
                second["items"].as_array().unwrap().len()
            ),
            (2, 1)
        );
        assert_eq!(first["items"][0]["name"], "CDL scan");
        // Bad filters name their field.
        for (query, field) in [
            ("?tab=soon", "tab"),
            ("?type=x", "type"),
            ("?from=2025-13-01", "from"),
            ("?vehicle_id=12", "vehicle_id"),
        ] {
            let (status, body) =
                error_of(app.get(&format!("/api/fleet/documents{query}")).await).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
            assert!(body["fields"][field].is_string(), "{query}: {body}");
        }
    }
);

on_each_backend!(
    the_name_search_finds_any_part_of_a_name,
    |mut app: TestApp| async move {
        signed_in_fleet(&mut app, "search@fleet.example", "6100016").await;
        let mut ids = Vec::new();
        for name in [
            "Insurance Certificate 2025",
            "Maintenance Log",
            "Straße Permit – Ünit 7",
            "IF",
        ] {
            let doc = upload_ok(
                &app,
                &[("name", name), ("document_type", "company_other")],
                "f.pdf",
                PDF,
            )
            .await;
            ids.push(doc["id"].as_str().unwrap().to_owned());
        }
        let found = |q: &'static str| {
            let app = &app;
            async move { names(&list(app, &search_query(q)).await) }
        };
        // Within and across words, any case, any script.
        assert_eq!(found("SURANCE CERT").await, ["Insurance Certificate 2025"]);
        assert_eq!(
            found("ance").await,
            ["Insurance Certificate 2025", "Maintenance Log"]
        );
        assert_eq!(found("straße p").await, ["Straße Permit – Ünit 7"]);
        assert_eq!(found("– ünit 7").await, ["Straße Permit – Ünit 7"]);
        // One or two letters.
        assert_eq!(
            found("ce").await,
            ["Insurance Certificate 2025", "Maintenance Log"]
        );
        assert_eq!(found("if").await, ["IF", "Insurance Certificate 2025"]);
        // Letters of a name, but not in that order.
        assert_eq!(found("insnce").await, Vec::<String>::new());
        assert_eq!(found("log 2025").await, Vec::<String>::new());
        // Searched pages: newest first, counted on every page, and past the end.
        let second = list(&app, "?q=ance&per_page=1&page=2").await;
        assert_eq!(
            (second["total"].as_u64(), names(&second)),
            (Some(2), vec!["Insurance Certificate 2025".to_owned()])
        );
        let past = list(&app, "?q=ance&per_page=1&page=3").await;
        assert_eq!((past["total"].as_u64(), names(&past).len()), (Some(2), 0));
        // A deleted document is no longer found.
        assert_eq!(delete(&app, &ids[1]).await.status(), StatusCode::NO_CONTENT);
        assert_eq!(found("ance").await, ["Insurance Certificate 2025"]);
    }
);

/// `?q=text`, encoded.
fn search_query(text: &str) -> String {
    let mut url = reqwest::Url::parse("http://localhost/").unwrap();
    url.query_pairs_mut().append_pair("q", text);
    format!("?{}", url.query().unwrap())
}

/// A file store whose deletes fail while `failing` is set (an outage of the
/// bucket, a permission gone wrong).
#[derive(Debug)]
struct FlakyDeletes {
    inner: Arc<dyn ObjectStore>,
    failing: Arc<AtomicBool>,
}

impl std::fmt::Display for FlakyDeletes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FlakyDeletes({})", self.inner)
    }
}

#[async_trait]
impl ObjectStore for FlakyDeletes {
    async fn put_opts(
        &self,
        location: &Path,
        payload: PutPayload,
        opts: PutOptions,
    ) -> object_store::Result<PutResult> {
        self.inner.put_opts(location, payload, opts).await
    }
    async fn put_multipart_opts(
        &self,
        location: &Path,
        opts: PutMultipartOptions,
    ) -> object_store::Result<Box<dyn MultipartUpload>> {
        self.inner.put_multipart_opts(location, opts).await
    }
    async fn get_opts(
        &self,
        location: &Path,
        options: GetOptions,
    ) -> object_store::Result<GetResult> {
        self.inner.get_opts(location, options).await
    }
    fn delete_stream(
        &self,
        locations: BoxStream<'static, object_store::Result<Path>>,
    ) -> BoxStream<'static, object_store::Result<Path>> {
        if self.failing.load(Ordering::SeqCst) {
            return locations
                .map(|_| {
                    Err(object_store::Error::Generic {
                        store: "flaky",
                        source: "the bucket is unreachable".into(),
                    })
                })
                .boxed();
        }
        self.inner.delete_stream(locations)
    }
    fn list(&self, prefix: Option<&Path>) -> BoxStream<'static, object_store::Result<ObjectMeta>> {
        self.inner.list(prefix)
    }
    async fn list_with_delimiter(&self, prefix: Option<&Path>) -> object_store::Result<ListResult> {
        self.inner.list_with_delimiter(prefix).await
    }
    async fn copy_opts(
        &self,
        from: &Path,
        to: &Path,
        options: CopyOptions,
    ) -> object_store::Result<()> {
        self.inner.copy_opts(from, to, options).await
    }
}

/// Makes every insert into fleet_documents fail, as a crash or a lost
/// database would between the object and the row.
async fn break_document_inserts(app: &TestApp) {
    let db = app.inspect_db().await;
    let sql = match app.backend {
        Backend::Sqlite => "CREATE TRIGGER lh_fail_documents BEFORE INSERT ON fleet_documents BEGIN SELECT RAISE(ABORT, 'injected failure'); END;",
        Backend::Postgres => "CREATE FUNCTION lh_fail_documents() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$;
              CREATE TRIGGER lh_fail_documents BEFORE INSERT ON fleet_documents FOR EACH ROW EXECUTE FUNCTION lh_fail_documents();",
    };
    db.execute_unprepared(sql).await.unwrap();
}

async fn sweep(
    app: &TestApp,
    grace_minutes: i64,
) -> longhaul::modules::documents::sweep::SweptObjects {
    use longhaul::modules::documents::sweep::{local_files_dir, sweep_orphans};
    let local_files = local_files_dir(&app.state.config);
    sweep_orphans(
        &app.state.db,
        app.state.files.as_ref(),
        local_files.as_deref(),
        chrono::Duration::minutes(grace_minutes),
    )
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failure_between_object_and_row_leaves_no_orphan_after_the_sweep() {
    for backend in backends() {
        let dir =
            std::env::temp_dir().join(format!("longhaul-flaky-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let failing = Arc::new(AtomicBool::new(false));
        let store = FlakyDeletes {
            inner: Arc::new(object_store::local::LocalFileSystem::new_with_prefix(&dir).unwrap()),
            failing: failing.clone(),
        };
        let overrides = Overrides {
            files: Some(Arc::new(store)),
            ..Default::default()
        };
        let mut app = spawn_configured(backend, &[], overrides).await;
        signed_in_fleet(&mut app, "sweep@fleet.example", "6100007").await;
        let fields = [
            ("name", "Safety report"),
            ("document_type", "safety_report"),
        ];
        let kept = upload_ok(&app, &fields, "kept.pdf", PDF).await;

        // The row cannot be written and the object cannot be removed at once.
        break_document_inserts(&app).await;
        failing.store(true, Ordering::SeqCst);
        let res = upload(&app, &fields, Some(("lost.pdf", PDF.to_vec()))).await;
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(document_rows(&app).await, 1, "no row for the failed upload");
        assert_eq!(
            stored_objects(&app).await.len(),
            2,
            "its object is left over"
        );

        // A delete whose object removal fails still removes the document.
        let gone = {
            failing.store(false, Ordering::SeqCst);
            app.inspect_db()
                .await
                .execute_unprepared(match backend {
                    Backend::Sqlite => "DROP TRIGGER lh_fail_documents",
                    Backend::Postgres => "DROP TRIGGER lh_fail_documents ON fleet_documents",
                })
                .await
                .unwrap();
            let item = upload_ok(&app, &fields, "gone.pdf", PDF).await;
            failing.store(true, Ordering::SeqCst);
            let id = item["id"].as_str().unwrap().to_owned();
            assert_eq!(delete(&app, &id).await.status(), StatusCode::NO_CONTENT);
            assert_eq!(
                app.get(&format!("/api/fleet/documents/{id}"))
                    .await
                    .status(),
                StatusCode::NOT_FOUND
            );
            id
        };
        assert_eq!(stored_objects(&app).await.len(), 3);

        // Within the grace period nothing is taken (an upload may be in flight).
        failing.store(false, Ordering::SeqCst);
        let young = sweep(&app, 60).await;
        assert_eq!((young.removed, young.kept), (0, 2), "{young:?}");
        // After it, both orphans go and the document that has a row stays.
        let swept = sweep(&app, 0).await;
        assert_eq!((swept.checked, swept.removed), (3, 2), "{swept:?}");
        assert_eq!(stored_objects(&app).await.len(), 1);
        let res = app
            .get(&format!(
                "/api/fleet/documents/{}/download",
                kept["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(res.bytes().await.unwrap().as_ref(), PDF);
        assert_eq!(list(&app, "").await["total"], 1, "{gone} stays deleted");
        // The job runs the same sweep.
        longhaul::job_registry::run_job(
            &app.state,
            <longhaul::modules::documents::jobs::DocumentSweep as longhaul::jobs::Job>::KIND,
            serde_json::json!({}),
            false,
        )
        .await
        .unwrap();
        assert_eq!(stored_objects(&app).await.len(), 1);
    }
}

/// moto's S3 server (PyPI `moto[server]`), started once for this test
/// binary. It exits when the tests do: its stdin, held open here, closes.
fn moto_endpoint() -> &'static str {
    static SERVER: std::sync::OnceLock<(String, std::sync::Mutex<std::process::Child>)> =
        std::sync::OnceLock::new();
    let (endpoint, _) = SERVER.get_or_init(|| {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let script = format!(
            "import sys\nfrom moto.server import ThreadedMotoServer\ns = ThreadedMotoServer(ip_address='127.0.0.1', port={port}, verbose=False)\ns.start()\nsys.stdin.read()\ns.stop()\n"
        );
        let mut child = std::process::Command::new("python3")
            .args(["-c", &script])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("python3 runs moto's S3 server (pip install 'moto[server]')");
        let address = format!("127.0.0.1:{port}");
        for _ in 0..300 {
            if std::net::TcpStream::connect(&address).is_ok() {
                return (format!("http://{address}"), std::sync::Mutex::new(child));
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!(
            "moto's S3 server did not start on {address}: is moto[server] installed (pip install 'moto[server]')?"
        );
    });
    endpoint
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn documents_on_an_s3_bucket() {
    let endpoint = tokio::task::spawn_blocking(moto_endpoint).await.unwrap();
    for backend in backends() {
        let bucket = format!("fleet-documents-{}", uuid::Uuid::new_v4().simple());
        let created = reqwest::Client::new()
            .put(format!("{endpoint}/{bucket}"))
            .send()
            .await
            .unwrap();
        assert!(
            created.status().is_success(),
            "creating the bucket: {}",
            created.status()
        );
        let settings = [
            ("S3_BUCKET", bucket.as_str()),
            ("S3_ENDPOINT", endpoint),
            ("S3_ACCESS_KEY_ID", "testing"),
            ("S3_SECRET_ACCESS_KEY", "testing"),
            ("DOCUMENT_MAX_MB", "6"),
        ];
        let mut app = spawn_configured(backend, &settings, Overrides::default()).await;
        assert!(
            app.state.files.to_string().contains("AmazonS3"),
            "{}",
            app.state.files
        );
        signed_in_fleet(&mut app, "s3@fleet.example", "6100008").await;

        // Larger than one multipart part (5 MB), so it goes up in parts.
        let big: Vec<u8> = [
            PDF.to_vec(),
            (0..5_500_000u32).map(|i| (i % 251) as u8).collect(),
        ]
        .concat();
        let item = upload_ok(
            &app,
            &[("name", "Big scan"), ("document_type", "inspection_report")],
            "big scan.pdf",
            &big,
        )
        .await;
        let id = item["id"].as_str().unwrap().to_owned();
        let res = app
            .get(&format!("/api/fleet/documents/{id}/download"))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.bytes().await.unwrap().as_ref(), big.as_slice());

        // Too large, and the wrong type: nothing left in the bucket.
        let too_big = [big.clone(), vec![0u8; 1024 * 1024]].concat();
        let res = upload(
            &app,
            &[("name", "X"), ("document_type", "maintenance")],
            Some(("x.pdf", too_big)),
        )
        .await;
        assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
        let res = upload(
            &app,
            &[("name", "X"), ("document_type", "maintenance")],
            Some(("x.pdf", b"MZ\x90\x00\x03\x00\x00\x00".to_vec())),
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(stored_objects(&app).await.len(), 1);

        // An object no row points at is swept from the bucket.
        let stray = Path::from(format!("fleet-documents/{}/stray", uuid::Uuid::new_v4()));
        object_store::ObjectStoreExt::put(
            app.state.files.as_ref(),
            &stray,
            PutPayload::from_static(b"x"),
        )
        .await
        .unwrap();
        let swept = sweep(&app, 0).await;
        assert_eq!((swept.checked, swept.removed), (2, 1), "{swept:?}");

        assert_eq!(delete(&app, &id).await.status(), StatusCode::NO_CONTENT);
        assert!(stored_objects(&app).await.is_empty());
    }
}

on_each_backend!(
    concurrent_uploads_and_deletes_keep_rows_and_objects_paired,
    |mut app: TestApp| async move {
        signed_in_fleet(&mut app, "race@fleet.example", "6100009").await;
        let fields = [
            ("name", "Maintenance log"),
            ("document_type", "maintenance"),
        ];
        let uploads = futures_util::future::join_all((0..6).map(|i| {
            upload_ok(
                &app,
                &fields,
                if i % 2 == 0 { "a.pdf" } else { "b.pdf" },
                PDF,
            )
        }))
        .await;
        assert_eq!(list(&app, "").await["total"], 6);
        assert_eq!(stored_objects(&app).await.len(), 6);
        // The same document deleted twice at once: one 204, one 404.
        let id = uploads[0]["id"].as_str().unwrap().to_owned();
        let (a, b) = tokio::join!(delete(&app, &id), delete(&app, &id));
        let mut statuses = [a.status(), b.status()];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::NO_CONTENT, StatusCode::NOT_FOUND]);
        assert_eq!(list(&app, "").await["total"], 5);
        assert_eq!(stored_objects(&app).await.len(), 5);
    }
);
