//! Desktop integration on freedesktop systems (Linux, BSD): a `.desktop`
//! file and an icon for the current user, so the game shows up in the
//! applications menu (`gomoku --install-desktop-entry`).
//!
//! Files go under `$XDG_DATA_HOME` (default `~/.local/share`):
//! `applications/<APP_ID>.desktop` and
//! `icons/hicolor/<N>x<N>/apps/<APP_ID>.png`. The window's app id must be
//! [`APP_ID`] too, so the desktop matches the running window to the entry.

use crate::i18n::{Lang, Msg, Tr};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The app id: the `.desktop` file name, the icon name, the window's
/// `StartupWMClass` (pass it to `ViewportBuilder::with_app_id`) and the
/// macOS bundle identifier.
pub const APP_ID: &str = "io.github.gomoku.Gomoku";

/// Icon sizes of the `hicolor` theme that have their own folder. A square
/// PNG of one of these sizes goes into its folder; any other into
/// [`DEFAULT_ICON_SIZE`], where the desktop scales it.
pub const HICOLOR_SIZES: [u32; 13] = [16, 22, 24, 32, 36, 48, 64, 72, 96, 128, 192, 256, 512];

/// The icon folder used for PNGs of a non-standard size.
pub const DEFAULT_ICON_SIZE: u32 = 256;

/// The eight bytes every PNG file starts with.
const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// Where an installation put its files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstalledPaths {
    /// The `.desktop` file.
    pub desktop_file: PathBuf,
    /// The icon.
    pub icon: PathBuf,
}

/// Why installing or removing the desktop entry failed.
#[derive(Debug, Error)]
pub enum DesktopError {
    /// Desktop entries are a freedesktop feature (Linux, BSD).
    #[error("desktop entries are only supported on Linux and BSD desktops")]
    Unsupported,
    /// No home folder, so no data folder.
    #[error("no home folder found to install into")]
    NoDataDir,
    /// The executable path is relative.
    #[error("the executable path {} is not absolute", .0.display())]
    NotAbsolute(PathBuf),
    /// The executable path cannot be written in a desktop file.
    #[error("the executable path {0:?} cannot be written in a desktop file (not UTF-8 or has control characters)")]
    UnwritablePath(String),
    /// The icon bytes are not a PNG image.
    #[error("the icon is not a PNG image")]
    NotPng,
    /// The file system refused.
    #[error("could not {action} {}: {source}", path.display())]
    Io {
        /// What was being done.
        action: &'static str,
        /// The path involved.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
}

/// The user's data folder: `$XDG_DATA_HOME`, or `~/.local/share`.
#[must_use]
pub fn data_home() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|b| b.data_dir().to_path_buf())
}

/// Installs the desktop entry and icon for the current user, launching
/// `exe` (an absolute path, normally `std::env::current_exe()`).
///
/// # Errors
/// [`DesktopError`]; on other platforms [`DesktopError::Unsupported`].
pub fn install_desktop_entry(exe: &Path, icon_png: &[u8]) -> Result<InstalledPaths, DesktopError> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return Err(DesktopError::Unsupported);
    }
    let data = data_home().ok_or(DesktopError::NoDataDir)?;
    install_desktop_entry_in(&data, exe, icon_png)
}

/// Removes the desktop entry and icon; absent files are fine. Returns the
/// files that were removed.
///
/// # Errors
/// [`DesktopError`] if a file exists but cannot be removed.
pub fn uninstall_desktop_entry() -> Result<Vec<PathBuf>, DesktopError> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return Err(DesktopError::Unsupported);
    }
    let data = data_home().ok_or(DesktopError::NoDataDir)?;
    uninstall_desktop_entry_in(&data)
}

/// [`install_desktop_entry`] into the data folder `data` (for tests and
/// packagers), on any platform.
///
/// # Errors
/// [`DesktopError`].
pub fn install_desktop_entry_in(
    data: &Path,
    exe: &Path,
    icon_png: &[u8],
) -> Result<InstalledPaths, DesktopError> {
    let entry = desktop_entry(exe)?;
    let size = icon_folder_size(icon_png)?;
    let desktop_file = desktop_file_path(data);
    let icon = icon_path(data, size);
    write_replacing(&icon, icon_png)?;
    write_replacing(&desktop_file, entry.as_bytes())?;
    Ok(InstalledPaths { desktop_file, icon })
}

/// [`uninstall_desktop_entry`] from the data folder `data`.
///
/// # Errors
/// [`DesktopError::Io`] if a file exists but cannot be removed.
pub fn uninstall_desktop_entry_in(data: &Path) -> Result<Vec<PathBuf>, DesktopError> {
    let mut removed = Vec::new();
    let icons = HICOLOR_SIZES.iter().map(|&s| icon_path(data, s));
    for path in std::iter::once(desktop_file_path(data)).chain(icons) {
        match fs::remove_file(&path) {
            Ok(()) => removed.push(path),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) => {}
            Err(source) => {
                return Err(DesktopError::Io {
                    action: "remove",
                    path,
                    source,
                })
            }
        }
    }
    Ok(removed)
}

/// The text of the `.desktop` file launching `exe`.
///
/// # Errors
/// [`DesktopError::NotAbsolute`] or [`DesktopError::UnwritablePath`].
pub fn desktop_entry(exe: &Path) -> Result<String, DesktopError> {
    if !exe.is_absolute() {
        return Err(DesktopError::NotAbsolute(exe.to_path_buf()));
    }
    let exec = exec_argument(exe)?;
    let en = Tr(Lang::English);
    let zh = Tr(Lang::Chinese);
    Ok(format!(
        "[Desktop Entry]\n\
         Version=1.4\n\
         Type=Application\n\
         Name={}\n\
         Name[zh_CN]={}\n\
         GenericName={}\n\
         GenericName[zh_CN]={}\n\
         Comment={}\n\
         Comment[zh_CN]={}\n\
         Exec={exec} %f\n\
         Icon={APP_ID}\n\
         Terminal=false\n\
         Categories=Game;BoardGame;\n\
         Keywords={}\n\
         Keywords[zh_CN]={}\n\
         StartupWMClass={APP_ID}\n\
         StartupNotify=true\n",
        en.s(Msg::AppTitle),
        zh.s(Msg::AppTitle),
        en.s(Msg::DesktopGenericName),
        zh.s(Msg::DesktopGenericName),
        en.s(Msg::DesktopComment),
        zh.s(Msg::DesktopComment),
        en.s(Msg::DesktopKeywords),
        zh.s(Msg::DesktopKeywords),
    ))
}

/// The executable as one `Exec` argument. The desktop entry spec quotes
/// in two layers: an argument with reserved characters goes in double
/// quotes, where `"`, `` ` ``, `$` and `\` take a backslash; then the
/// whole value is a string value, where every `\` is doubled. `%` is a
/// field code and is written `%%`.
fn exec_argument(exe: &Path) -> Result<String, DesktopError> {
    let text = exe
        .to_str()
        .ok_or_else(|| DesktopError::UnwritablePath(exe.to_string_lossy().into_owned()))?;
    if text.chars().any(char::is_control) {
        return Err(DesktopError::UnwritablePath(text.to_string()));
    }
    const RESERVED: &str = " \t\"'\\><~|&;$*?#()`";
    let text = text.replace('%', "%%");
    let arg = if text.contains(|c| RESERVED.contains(c)) {
        let mut quoted = String::from("\"");
        for c in text.chars() {
            if matches!(c, '"' | '`' | '$' | '\\') {
                quoted.push('\\');
            }
            quoted.push(c);
        }
        quoted.push('"');
        quoted
    } else {
        text
    };
    Ok(arg.replace('\\', "\\\\"))
}

/// The hicolor folder size for the icon, after checking it is a PNG.
fn icon_folder_size(png: &[u8]) -> Result<u32, DesktopError> {
    if !png.starts_with(&PNG_SIGNATURE) {
        return Err(DesktopError::NotPng);
    }
    // The IHDR chunk comes first: width and height are big-endian at
    // bytes 16..20 and 20..24.
    let dim = |at: usize| {
        png.get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    match (dim(16), dim(20)) {
        (Some(w), Some(h)) if w == h && HICOLOR_SIZES.contains(&w) => Ok(w),
        (Some(_), Some(_)) => Ok(DEFAULT_ICON_SIZE),
        _ => Err(DesktopError::NotPng),
    }
}

fn desktop_file_path(data: &Path) -> PathBuf {
    data.join("applications").join(format!("{APP_ID}.desktop"))
}

fn icon_path(data: &Path, size: u32) -> PathBuf {
    data.join("icons")
        .join("hicolor")
        .join(format!("{size}x{size}"))
        .join("apps")
        .join(format!("{APP_ID}.png"))
}

/// Writes `bytes` to `path` through a temporary file and a rename, so a
/// menu never sees half a desktop file.
fn write_replacing(path: &Path, bytes: &[u8]) -> Result<(), DesktopError> {
    let io_err = |action, path: &Path| {
        let path = path.to_path_buf();
        move |source| DesktopError::Io {
            action,
            path,
            source,
        }
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io_err("create folder", dir))?;
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let written = fs::File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| fs::rename(&temp, path)) {
        let _ = fs::remove_file(&temp);
        return Err(io_err("write", path)(e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    /// A valid 1 × 1 PNG header padded out; only the signature and IHDR
    /// size are read.
    fn png(size: u32) -> Vec<u8> {
        let mut b = PNG_SIGNATURE.to_vec();
        b.extend_from_slice(&13u32.to_be_bytes());
        b.extend_from_slice(b"IHDR");
        b.extend_from_slice(&size.to_be_bytes());
        b.extend_from_slice(&size.to_be_bytes());
        b.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
        b
    }

    /// Runs `desktop-file-validate` on `file` if it is installed.
    fn validate(file: &Path) {
        match Command::new("desktop-file-validate").arg(file).output() {
            Ok(out) => {
                let report = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                assert!(out.status.success(), "desktop-file-validate: {report}");
                assert!(!report.contains("error"), "desktop-file-validate: {report}");
            }
            Err(_) => println!("note: desktop-file-validate not installed; validation skipped"),
        }
    }

    #[test]
    fn installs_a_valid_entry_and_icon() {
        let t = tempfile::tempdir().unwrap();
        let exe = Path::new("/opt/gomoku/bin/gomoku");
        let icon = png(256);
        let paths = install_desktop_entry_in(t.path(), exe, &icon).unwrap();
        assert_eq!(
            paths.desktop_file,
            t.path()
                .join("applications/io.github.gomoku.Gomoku.desktop")
        );
        assert_eq!(
            paths.icon,
            t.path()
                .join("icons/hicolor/256x256/apps/io.github.gomoku.Gomoku.png")
        );
        assert_eq!(fs::read(&paths.icon).unwrap(), icon);
        let text = fs::read_to_string(&paths.desktop_file).unwrap();
        for line in [
            "[Desktop Entry]",
            "Type=Application",
            "Name=Gomoku",
            "GenericName=Five in a Row",
            "Exec=/opt/gomoku/bin/gomoku %f",
            "Icon=io.github.gomoku.Gomoku",
            "Terminal=false",
            "Categories=Game;BoardGame;",
            "StartupWMClass=io.github.gomoku.Gomoku",
            "Name[zh_CN]=五子棋",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "missing {line:?} in\n{text}"
            );
        }
        assert!(text.lines().any(|l| l.starts_with("Comment=")));
        assert!(text.lines().any(|l| l.starts_with("Keywords=")));
        validate(&paths.desktop_file);
        // Installing again replaces the files and leaves no temporaries.
        install_desktop_entry_in(t.path(), exe, &icon).unwrap();
        let apps: Vec<_> = fs::read_dir(t.path().join("applications"))
            .unwrap()
            .collect();
        assert_eq!(apps.len(), 1);
    }

    #[test]
    fn awkward_executable_paths_are_quoted() {
        let cases = [
            ("/usr/bin/gomoku", "/usr/bin/gomoku"),
            ("/home/a b/gomoku", "\"/home/a b/gomoku\""),
            ("/x/it's/g", "\"/x/it's/g\""),
            ("/x/\"q\"/g", "\"/x/\\\\\"q\\\\\"/g\""),
            ("/x/$HOME/g", "\"/x/\\\\$HOME/g\""),
            ("/x/back\\slash/g", "\"/x/back\\\\\\\\slash/g\""),
            ("/x/100%/g", "/x/100%%/g"),
            ("/x/100% sure/g", "\"/x/100%% sure/g\""),
            ("/x/ünï/g", "/x/ünï/g"),
        ];
        for (path, want) in cases {
            let text = desktop_entry(Path::new(path)).unwrap();
            let exec = text.lines().find_map(|l| l.strip_prefix("Exec=")).unwrap();
            assert_eq!(exec, format!("{want} %f"), "{path}");
        }
        let t = tempfile::tempdir().unwrap();
        for (path, _) in cases {
            let paths = install_desktop_entry_in(t.path(), Path::new(path), &png(64)).unwrap();
            validate(&paths.desktop_file);
        }
    }

    #[test]
    fn bad_inputs_are_refused_and_write_nothing() {
        let t = tempfile::tempdir().unwrap();
        let err = install_desktop_entry_in(t.path(), Path::new("gomoku"), &png(256));
        assert!(matches!(err, Err(DesktopError::NotAbsolute(_))));
        let err = install_desktop_entry_in(t.path(), Path::new("/a\nb/gomoku"), &png(256));
        assert!(matches!(err, Err(DesktopError::UnwritablePath(_))));
        let err = install_desktop_entry_in(t.path(), Path::new("/usr/bin/gomoku"), b"GIF89a");
        assert!(matches!(err, Err(DesktopError::NotPng)));
        let err = install_desktop_entry_in(t.path(), Path::new("/usr/bin/gomoku"), &PNG_SIGNATURE);
        assert!(matches!(err, Err(DesktopError::NotPng)));
        assert_eq!(fs::read_dir(t.path()).unwrap().count(), 0);
    }

    #[test]
    fn the_macos_bundle_uses_the_same_app_id() {
        let manifest = include_str!("../Cargo.toml");
        let line = format!("identifier = \"{APP_ID}\"");
        assert!(
            manifest.lines().any(|l| l.trim() == line),
            "Cargo.toml lacks {line}"
        );
    }

    #[test]
    fn icon_folder_follows_the_png_size() {
        assert_eq!(icon_folder_size(&png(48)).unwrap(), 48);
        assert_eq!(icon_folder_size(&png(512)).unwrap(), 512);
        assert_eq!(icon_folder_size(&png(300)).unwrap(), DEFAULT_ICON_SIZE);
    }

    #[test]
    fn uninstall_removes_everything_and_tolerates_absence() {
        let t = tempfile::tempdir().unwrap();
        assert_eq!(
            uninstall_desktop_entry_in(t.path()).unwrap(),
            Vec::<PathBuf>::new()
        );
        let paths =
            install_desktop_entry_in(t.path(), Path::new("/usr/bin/gomoku"), &png(128)).unwrap();
        let removed = uninstall_desktop_entry_in(t.path()).unwrap();
        assert_eq!(
            removed,
            vec![paths.desktop_file.clone(), paths.icon.clone()]
        );
        assert!(!paths.desktop_file.exists() && !paths.icon.exists());
        assert!(uninstall_desktop_entry_in(t.path()).unwrap().is_empty());
    }
}
