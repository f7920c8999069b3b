//! What the packages carry, checked cheaply (no package is built here; that
//! is `scripts/package.sh`, and `scripts/test-package.sh` installs one):
//! every binary's `--version`, the AppStream metainfo's form, the files
//! `gomoku-package-files` generates, the cargo-deb asset list, and the
//! install scripts' syntax. `appstreamcli` and `desktop-file-validate` run
//! when installed.

use gomoku::desktop::APP_ID;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn root(path: &str) -> PathBuf {
    Path::new(ROOT).join(path)
}

fn metainfo_path() -> PathBuf {
    root(&format!("packaging/{APP_ID}.metainfo.xml"))
}

/// Every binary of the package, as Cargo built it for the tests.
const BINARIES: [(&str, &str); 9] = [
    ("gomoku", env!("CARGO_BIN_EXE_gomoku")),
    ("gomoku-text", env!("CARGO_BIN_EXE_gomoku-text")),
    ("pbrain-gomoku", env!("CARGO_BIN_EXE_pbrain-gomoku")),
    ("gomoku-match", env!("CARGO_BIN_EXE_gomoku-match")),
    ("gomoku-puzzles", env!("CARGO_BIN_EXE_gomoku-puzzles")),
    ("gomoku-tune", env!("CARGO_BIN_EXE_gomoku-tune")),
    ("gomoku-book", env!("CARGO_BIN_EXE_gomoku-book")),
    (
        "gomoku-fake-engine",
        env!("CARGO_BIN_EXE_gomoku-fake-engine"),
    ),
    (
        "gomoku-package-files",
        env!("CARGO_BIN_EXE_gomoku-package-files"),
    ),
];

#[test]
fn every_binary_prints_its_version_and_commit() {
    let want = format!(
        "{} (commit {})",
        env!("CARGO_PKG_VERSION"),
        gomoku::cli::COMMIT
    );
    for (name, exe) in BINARIES {
        let out = Command::new(exe).arg("--version").output().unwrap();
        assert!(out.status.success(), "{name} --version failed");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.trim_end(), format!("{name} {want}"), "{name}");
    }
    // Built at the top of a git checkout, the commit is the checkout's
    // (build.rs names no other repository's, as for a crate unpacked
    // inside one).
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(ROOT)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"]).map(PathBuf::from);
    if top.and_then(|t| t.canonicalize().ok()) == Path::new(ROOT).canonicalize().ok() {
        let head = git(&["rev-parse", "HEAD"]).expect("HEAD");
        assert!(
            head.starts_with(gomoku::cli::COMMIT),
            "built from {} but HEAD is {head}",
            gomoku::cli::COMMIT
        );
    }
}

/// The `<tag>` children of `node`.
fn children<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    tag: &'a str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> + 'a {
    node.children().filter(move |c| c.has_tag_name(tag))
}

fn is_chinese(node: &roxmltree::Node) -> bool {
    node.attribute(("http://www.w3.org/XML/1998/namespace", "lang")) == Some("zh-CN")
}

#[test]
fn the_metainfo_has_what_software_centres_need() {
    let text = fs::read_to_string(metainfo_path()).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let c = doc.root_element();
    assert_eq!(c.tag_name().name(), "component");
    assert_eq!(c.attribute("type"), Some("desktop-application"));
    let one = |tag: &str| {
        children(c, tag)
            .find(|n| !is_chinese(n))
            .and_then(|n| n.text())
            .unwrap_or_else(|| panic!("no <{tag}>"))
            .trim()
            .to_string()
    };
    assert_eq!(one("id"), APP_ID);
    assert_eq!(one("launchable"), format!("{APP_ID}.desktop"));
    assert_eq!(one("metadata_license"), "CC0-1.0");
    assert_eq!(one("project_license"), env!("CARGO_PKG_LICENSE"));
    assert_eq!(one("name"), "Gomoku");
    assert!(!one("summary").is_empty());
    for tag in ["name", "summary"] {
        assert!(
            children(c, tag).any(|n| is_chinese(&n)),
            "no Chinese <{tag}>"
        );
    }
    // A description in both languages.
    let description = children(c, "description").next().expect("description");
    let paragraphs: Vec<_> = children(description, "p").collect();
    assert!(paragraphs.iter().any(|p| !is_chinese(p)));
    assert!(paragraphs.iter().any(is_chinese));
    // Screenshots, each with a caption and an image address.
    let screenshots = children(c, "screenshots").next().expect("screenshots");
    let shots: Vec<_> = children(screenshots, "screenshot").collect();
    assert!(!shots.is_empty());
    assert_eq!(
        shots
            .iter()
            .filter(|s| s.attribute("type") == Some("default"))
            .count(),
        1
    );
    for shot in &shots {
        let image = children(*shot, "image").next().expect("image");
        assert!(image.text().unwrap().starts_with("https://"));
        assert!(children(*shot, "caption").any(|n| !is_chinese(&n)));
    }
    let rating = children(c, "content_rating")
        .next()
        .expect("content_rating");
    assert_eq!(rating.attribute("type"), Some("oars-1.1"));
    // The newest release is this version.
    let releases = children(c, "releases").next().expect("releases");
    let newest = children(releases, "release").next().expect("a release");
    assert_eq!(newest.attribute("version"), Some(env!("CARGO_PKG_VERSION")));
    let date = newest.attribute("date").expect("release date");
    assert!(
        date.len() == 10 && date.as_bytes()[4] == b'-' && date.as_bytes()[7] == b'-',
        "{date}"
    );
    // It provides exactly the shipped binaries.
    let provides = children(c, "provides").next().expect("provides");
    let binaries: Vec<String> = children(provides, "binary")
        .filter_map(|b| b.text())
        .map(str::to_string)
        .collect();
    let shipped: Vec<String> = gomoku::cli::shipped()
        .iter()
        .map(|c| c.get_name().to_string())
        .collect();
    assert_eq!(binaries, shipped);
    if let Some(report) =
        run_if_installed("appstreamcli", &["validate", "--no-net"], &metainfo_path())
    {
        assert!(report.0, "appstreamcli validate:\n{}", report.1);
    }
}

/// Runs `tool ARGS file` if the tool is installed: its success and output.
fn run_if_installed(tool: &str, args: &[&str], file: &Path) -> Option<(bool, String)> {
    match Command::new(tool).args(args).arg(file).output() {
        Ok(out) => Some((
            out.status.success(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )),
        Err(_) => {
            println!("note: {tool} not installed; skipped");
            None
        }
    }
}

/// The PNG's width and height, from its IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn the_package_files_are_generated() {
    let t = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku-package-files"))
        .arg("files")
        .arg(t.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = |rel: &str| fs::read(t.path().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    for command in gomoku::cli::shipped() {
        let name = command.get_name();
        let page = String::from_utf8(read(&format!("man/{name}.1"))).unwrap();
        assert!(page.contains(".SH NAME"), "{name}");
        for (dir, file) in [
            ("bash", name.to_string()),
            ("zsh", format!("_{name}")),
            ("fish", format!("{name}.fish")),
        ] {
            let script = String::from_utf8(read(&format!("completions/{dir}/{file}"))).unwrap();
            assert!(script.contains(name), "{dir}/{file}");
        }
    }
    for side in [48, 64, 128, 256, 512] {
        let png = read(&format!("icons/{side}x{side}/{APP_ID}.png"));
        assert_eq!(png_size(&png), (side, side));
    }
    // The 256-pixel icon is the picture of assets/icon.png, pixel for
    // pixel (the PNG encoder may differ).
    let pixels = |png: &[u8]| image::load_from_memory(png).unwrap().to_rgba8().into_raw();
    assert!(
        pixels(&read(&format!("icons/256x256/{APP_ID}.png")))
            == pixels(&fs::read(root("assets/icon.png")).unwrap()),
        "tools/icon_art.rs no longer draws assets/icon.png: run cargo run --example make_icon"
    );
    let entry = String::from_utf8(read(&format!("{APP_ID}.desktop"))).unwrap();
    assert!(entry.lines().any(|l| l == "Exec=/usr/bin/gomoku %f"));
    assert!(entry.lines().any(|l| l == format!("Icon={APP_ID}")));
    let portable = String::from_utf8(read(&format!("archive/{APP_ID}.desktop"))).unwrap();
    assert!(portable.lines().any(|l| l == "Exec=gomoku %f"));
    for file in [
        t.path().join(format!("{APP_ID}.desktop")),
        t.path().join(format!("archive/{APP_ID}.desktop")),
    ] {
        if let Some((ok, report)) = run_if_installed("desktop-file-validate", &[], &file) {
            assert!(ok && !report.contains("error"), "{report}");
        }
    }
    let licences = String::from_utf8(read("crate-licenses.txt")).unwrap();
    for needle in [
        "eframe",
        "clap",
        "SIL OPEN FONT LICENSE",
        "UBUNTU FONT LICENCE",
    ] {
        assert!(
            licences.to_uppercase().contains(&needle.to_uppercase()),
            "crate-licenses.txt lacks {needle}"
        );
    }
}

#[test]
fn third_party_lists_the_crates_built_in() {
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku-package-files"))
        .args(["third-party", "--check"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = fs::read_to_string(root("THIRD-PARTY.md")).unwrap();
    for needle in [
        "Noto Sans CJK SC",
        "OFL",
        "assets/sounds",
        "| MIT OR Apache-2.0 |",
    ] {
        assert!(text.contains(needle), "THIRD-PARTY.md lacks {needle}");
    }
}

#[test]
fn the_licence_matches_the_manifest() {
    let licence = fs::read_to_string(root("LICENSE")).unwrap();
    assert_eq!(env!("CARGO_PKG_LICENSE"), "MIT");
    assert!(licence.starts_with("MIT License"));
    assert!(licence.contains("Permission is hereby granted, free of charge"));
}

/// The `[package.metadata.deb]` asset lines of Cargo.toml: (source, dest).
fn deb_assets() -> Vec<(String, String)> {
    let manifest = fs::read_to_string(root("Cargo.toml")).unwrap();
    let section = manifest
        .split("[package.metadata.deb]")
        .nth(1)
        .expect("[package.metadata.deb]");
    let assets = section.split("assets = [").nth(1).expect("assets");
    let assets = &assets[..assets.find("\n]").expect("end of assets")];
    assets
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('['))
        .map(|l| {
            let parts: Vec<&str> = l.split('"').collect();
            (parts[1].to_string(), parts[3].to_string())
        })
        .collect()
}

#[test]
fn the_debian_package_lists_everything_it_should() {
    let assets = deb_assets();
    let has = |src: &str, dest: &str| assets.iter().any(|(s, d)| s == src && d == dest);
    for command in gomoku::cli::shipped() {
        let bin = format!("target/release/{}", command.get_name());
        assert!(has(&bin, "usr/bin/"), "{bin} is not in the package");
    }
    for side in [48, 64, 128, 256, 512] {
        assert!(has(
            &format!("target/release/package-files/icons/{side}x{side}/{APP_ID}.png"),
            &format!("usr/share/icons/hicolor/{side}x{side}/apps/"),
        ));
    }
    assert!(has(
        &format!("target/release/package-files/{APP_ID}.desktop"),
        "usr/share/applications/"
    ));
    assert!(has(
        &format!("packaging/{APP_ID}.metainfo.xml"),
        "usr/share/metainfo/"
    ));
    assert!(has(
        "target/release/package-files/man/*.1.gz",
        "usr/share/man/man1/"
    ));
    for dest in [
        "usr/share/bash-completion/completions/",
        "usr/share/zsh/vendor-completions/",
        "usr/share/fish/vendor_completions.d/",
    ] {
        assert!(assets.iter().any(|(_, d)| d == dest), "{dest}");
    }
    for doc in ["THIRD-PARTY.md", "fonts-OFL.txt", "crate-licenses.txt.gz"] {
        assert!(
            assets
                .iter()
                .any(|(_, d)| d == &format!("usr/share/doc/gomoku/{doc}")),
            "{doc}"
        );
    }
    // Sources outside the target folder are committed files.
    for (src, _) in &assets {
        if !src.starts_with("target/") {
            assert!(root(src).is_file(), "{src} does not exist");
        }
    }
}

#[test]
fn the_scripts_parse() {
    for (shell, script) in [
        ("sh", "packaging/install.sh"),
        ("bash", "scripts/package.sh"),
        ("bash", "scripts/test-package.sh"),
    ] {
        let status = Command::new(shell)
            .arg("-n")
            .arg(root(script))
            .status()
            .unwrap();
        assert!(status.success(), "{script} has a syntax error");
    }
    let install = fs::read_to_string(root("packaging/install.sh")).unwrap();
    assert!(install.contains("--uninstall"));
}
