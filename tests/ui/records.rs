//! The Game records window and the Open/Save menu entries with file
//! dialogs. No real dialog opens: a fake picker answers with a file in a
//! temporary folder (or cancels, or keeps the test waiting).

use crate::common::{click_point, wait_for_io, SIZE};
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use gomoku::app::{
    AppSettings, FilePicker, GomokuApp, Launch, NoDialog, PickPurpose, PickReply, PickRequest,
    Picked,
};
use gomoku::play::Mode;
use gomoku::rules::Point;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How the fake answers a request: `None` keeps the reply for later.
type Answer = Box<dyn Fn(&PickRequest) -> Option<Picked> + Send + Sync>;

/// A picker that records what it was asked and answers as told.
struct Fake {
    answer: Answer,
    requests: Mutex<Vec<PickRequest>>,
    held: Mutex<Option<PickReply>>,
}

impl Fake {
    fn new(answer: impl Fn(&PickRequest) -> Option<Picked> + Send + Sync + 'static) -> Arc<Fake> {
        Arc::new(Fake {
            answer: Box::new(answer),
            requests: Mutex::new(Vec::new()),
            held: Mutex::new(None),
        })
    }

    /// Always answers with `path`.
    fn choosing(path: &Path) -> Arc<Fake> {
        let path = path.to_path_buf();
        Fake::new(move |_| Some(Picked::Chosen(path.clone())))
    }

    fn requests(&self) -> Vec<PickRequest> {
        self.requests.lock().unwrap().clone()
    }

    /// Answers the request it kept.
    fn answer_held(&self, picked: Picked) {
        let reply = self.held.lock().unwrap().take().expect("a dialog is open");
        reply(picked);
    }
}

impl FilePicker for Fake {
    fn available(&self) -> bool {
        true
    }

    fn pick(&self, request: PickRequest, reply: PickReply) {
        let answer = (self.answer)(&request);
        self.requests.lock().unwrap().push(request);
        match answer {
            Some(picked) => reply(picked),
            None => *self.held.lock().unwrap() = Some(reply),
        }
    }
}

const RECORD: &str = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\n";

fn two_players() -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        ..AppSettings::default()
    }
}

fn app_with(picker: Arc<dyn FilePicker>) -> Harness<'static, GomokuApp> {
    Harness::builder()
        .with_size(SIZE)
        .with_max_steps(200)
        .build_eframe(move |_cc| {
            let mut app = GomokuApp::new_for_test(two_players());
            app.set_file_picker(picker);
            app
        })
}

fn menu(h: &mut Harness<'static, GomokuApp>, entry: &str) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label_contains(entry).click();
    h.run();
}

fn disabled(h: &Harness<'static, GomokuApp>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

fn play(h: &mut Harness<'static, GomokuApp>, points: &[Point]) {
    for p in points {
        click_point(h, *p);
    }
}

#[test]
fn open_from_the_menu_goes_to_the_dialog_and_loads_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.psq");
    std::fs::write(&record, RECORD).unwrap();
    let fake = Fake::choosing(&record);
    let mut h = app_with(fake.clone());
    menu(&mut h, "Open a record…");
    wait_for_io(&mut h);
    let moves = h.state().game().moves();
    assert_eq!(
        moves,
        &[Point::new(7, 7), Point::new(8, 8), Point::new(7, 8)]
    );
    assert_eq!(fake.requests()[0].purpose, PickPurpose::Open);
    assert!(
        h.query_by_label("Game records").is_none(),
        "no window needed"
    );
    let folder = std::path::absolute(dir.path()).unwrap();
    assert_eq!(h.state().settings().last_folder.as_deref(), Some(&*folder));

    // The next dialog starts in that folder.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert_eq!(fake.requests()[1].folder.as_deref(), Some(&*folder));
}

#[test]
fn save_as_writes_the_game_under_the_suggested_name() {
    let dir = tempfile::tempdir().unwrap();
    let into = dir.path().to_path_buf();
    let fake = Fake::new(move |r| {
        let name = r.file_name.clone().expect("a suggested name");
        Some(Picked::Chosen(into.join(name)))
    });
    let mut h = app_with(fake.clone());
    play(&mut h, &[Point::new(7, 7), Point::new(8, 8)]);
    menu(&mut h, "Paste position…");
    h.get_by_label("Save as…").click();
    h.run();
    wait_for_io(&mut h);

    let request = &fake.requests()[0];
    assert_eq!(request.purpose, PickPurpose::Save);
    let name = request.file_name.as_deref().unwrap();
    assert!(
        name.starts_with("gomoku-20") && name.ends_with(".psq") && name.len() == 26,
        "{name}"
    );
    let text = std::fs::read_to_string(dir.path().join(name)).expect("saved");
    assert!(text.starts_with("Piskvorky 15x15"), "{text}");
    assert!(text.contains("8,8,") && text.contains("9,9,"), "{text}");
    assert!(h.state().status_message().unwrap().starts_with("Saved"));
    assert_eq!(h.state().record_error(), None);
    assert_eq!(h.state().game().moves().len(), 2, "saving changes nothing");
}

#[test]
fn a_cancelled_pick_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::new(|_| Some(Picked::Cancelled));
    let mut h = app_with(fake.clone());
    play(&mut h, &[Point::new(7, 7)]);
    menu(&mut h, "Paste position…");
    h.get_by_label("Browse…").click();
    h.run();
    h.get_by_label("Save as…").click();
    h.run();
    menu(&mut h, "Save the game…");

    assert_eq!(fake.requests().len(), 3);
    assert_eq!(h.state().game().moves(), &[Point::new(7, 7)]);
    assert_eq!(h.state().record_error(), None);
    assert_eq!(h.state().settings().last_folder, None);
    assert!(!h.state().is_choosing_file());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_bad_record_picked_shows_its_line_and_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.psq");
    std::fs::write(&bad, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n").unwrap();
    let mut h = app_with(Fake::choosing(&bad));
    play(&mut h, &[Point::new(3, 3), Point::new(4, 4)]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    wait_for_io(&mut h);

    let error = h.state().record_error().expect("the window shows why");
    assert!(
        error.contains("line 3") && error.contains("bad.psq"),
        "{error}"
    );
    assert!(h.query_by_label_contains("line 3").is_some(), "on screen");
    assert_eq!(
        h.state().game().moves(),
        &[Point::new(3, 3), Point::new(4, 4)]
    );
    assert_eq!(h.state().settings().last_folder, None);
}

#[test]
fn while_a_dialog_is_open_browse_waits_and_a_hint_shows() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.psq");
    std::fs::write(&record, RECORD).unwrap();
    let fake = Fake::new(|_| None);
    let mut h = app_with(fake.clone());
    menu(&mut h, "Paste position…");
    h.get_by_label("Browse…").click();
    h.run();

    assert!(h.state().is_choosing_file());
    assert!(h.query_by_label("choosing a file…").is_some());
    assert!(disabled(&h, "Browse…"));
    assert!(disabled(&h, "Save as…"));
    // The board still answers, and a second dialog is not started.
    click_point(&mut h, Point::new(14, 14));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert_eq!(fake.requests().len(), 1);
    assert_eq!(h.state().game().moves(), &[Point::new(14, 14)]);

    fake.answer_held(Picked::Chosen(record));
    h.run();
    wait_for_io(&mut h);
    assert!(!h.state().is_choosing_file());
    assert_eq!(h.state().game().moves().len(), 3, "the record replaced it");
    assert!(h.query_by_label("choosing a file…").is_none());
}

#[test]
fn without_dialogs_open_and_save_show_the_typed_path() {
    // The test app's own picker shows no dialogs, as on a bare X server.
    let mut h = Harness::builder()
        .with_size(SIZE)
        .with_max_steps(200)
        .build_eframe(|_cc| GomokuApp::new_for_test(two_players()));
    menu(&mut h, "Open a record…");
    assert!(h.query_by_label("Game records").is_some());
    assert!(disabled(&h, "Browse…"));
    assert!(h
        .query_by_label("No file dialog on this system: type the path.")
        .is_some());
    assert!(!h.state().is_choosing_file());
}

#[test]
fn a_dialog_that_cannot_be_shown_falls_back_to_the_typed_path() {
    let fake = Fake::new(|_| Some(Picked::Unavailable(NoDialog::NoService)));
    let mut h = app_with(fake.clone());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    let error = h.state().record_error().expect("the window says so");
    assert!(error.contains("no desktop portal"), "{error}");
    assert!(disabled(&h, "Browse…"));
    // From now on the menu goes to the window directly.
    menu(&mut h, "Save the game…");
    assert_eq!(fake.requests().len(), 1);
}

#[test]
fn the_last_folder_is_kept_between_runs() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.psq");
    std::fs::write(&record, RECORD).unwrap();
    let store = dir.path().join("store");
    let start = |picker: Arc<dyn FilePicker>| {
        let store: PathBuf = store.clone();
        Harness::builder()
            .with_size(SIZE)
            .with_max_steps(200)
            .build_eframe(move |_cc| {
                let mut app = GomokuApp::new_for_test_in(store, &Launch::default());
                app.set_file_picker(picker);
                app
            })
    };
    {
        let mut h = start(Fake::choosing(&record));
        menu(&mut h, "Open a record…");
        wait_for_io(&mut h);
        // The record's three moves (the AI, playing White here, may
        // already have answered).
        assert!(h.state().game().moves().len() >= 3);
    }
    let h = start(Fake::new(|_| Some(Picked::Cancelled)));
    let folder = std::path::absolute(dir.path()).unwrap();
    assert_eq!(h.state().settings().last_folder.as_deref(), Some(&*folder));
}

#[test]
fn stop_waiting_frees_browse_and_a_late_answer_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.psq");
    std::fs::write(&record, RECORD).unwrap();
    let fake = Fake::new(|_| None);
    let mut h = app_with(fake.clone());
    menu(&mut h, "Paste position…");
    h.get_by_label("Browse…").click();
    h.run();
    h.get_by_label("Stop waiting").click();
    h.run();
    assert!(!h.state().is_choosing_file());
    assert!(!disabled(&h, "Browse…"));

    fake.answer_held(Picked::Chosen(record));
    h.run();
    assert!(h.state().game().moves().is_empty(), "nobody was listening");
}

#[test]
fn opening_a_record_keeps_the_game_in_progress_with_an_undo() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.psq");
    std::fs::write(&record, RECORD).unwrap();
    let mut h = app_with(Fake::choosing(&record));
    play(&mut h, &[Point::new(2, 2), Point::new(12, 12)]);
    let before = h.state().game().clone();
    menu(&mut h, "Open a record…");
    wait_for_io(&mut h);
    assert_eq!(h.state().game().moves().len(), 3, "the record is open");
    crate::common::replaced_game_is_kept_and_undone(&mut h, &before);
}

#[test]
fn an_sgf_with_variations_opens_and_saves_back_whole() {
    let sample = format!(
        "{}/tests/data/sgf/renlib-export.sgf",
        env!("CARGO_MANIFEST_DIR")
    );
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("copy.sgf");
    let (open_path, save_path) = (PathBuf::from(sample), saved.clone());
    let fake = Fake::new(move |r| {
        Some(Picked::Chosen(match r.purpose {
            PickPurpose::Open => open_path.clone(),
            PickPurpose::Save => save_path.clone(),
            _ => unreachable!("no engine or library file is chosen here"),
        }))
    });
    let mut h = app_with(fake);
    menu(&mut h, "Open a record…");
    wait_for_io(&mut h);
    let game = h.state().game().clone();
    assert_eq!(game.tree().move_count(), 9, "every variation is read");
    assert_eq!(game.moves().len(), 6);
    // At the fork, the variations box lists the three replies.
    h.get_by_label("j10").click();
    h.run();
    assert!(h.query_by_label("Variations").is_some());
    assert!(h.query_by_label("h10 (main line)").is_some());
    menu(&mut h, "Save the game…");
    wait_for_io(&mut h);
    let text = std::fs::read_to_string(&saved).unwrap();
    let back = gomoku::record::parse_sgf(&text, h.state().game().settings())
        .unwrap()
        .game;
    assert_eq!(back.tree().move_count(), 9);
    assert_eq!(back.tree().root().comment, game.tree().root().comment);
}

#[test]
fn a_read_error_arrives_as_a_message_and_the_window_stays_usable() {
    let dir = tempfile::tempdir().unwrap();
    // A folder is no record: reading it fails on the I/O thread.
    let folder = dir.path().join("not-a-record");
    std::fs::create_dir(&folder).unwrap();
    let mut h = app_with(Fake::choosing(&folder));
    play(&mut h, &[Point::new(7, 7)]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    wait_for_io(&mut h);

    let error = h.state().record_error().expect("the window shows why");
    assert!(
        error.contains("cannot read") && error.contains("not-a-record"),
        "{error}"
    );
    assert!(
        h.query_by_label_contains("not-a-record").is_some(),
        "on screen"
    );
    assert!(h.query_by_label("Reading the file…").is_none());
    assert_eq!(h.state().game().moves(), &[Point::new(7, 7)]);
    assert_eq!(h.state().settings().last_folder, None);
    // The window answers: its path is there to retry, and play goes on.
    assert!(!disabled(&h, "Open"));
    assert!(!disabled(&h, "Browse…"));
    click_point(&mut h, Point::new(8, 8));
    assert_eq!(h.state().game().moves().len(), 2);
}

#[cfg(unix)]
#[test]
fn the_window_answers_while_a_read_waits_on_the_disk() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    // Reading a named pipe waits until something writes to it: a disk
    // that hangs, under the test's control.
    let pipe = dir.path().join("slow.psq");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let mut h = app_with(Fake::choosing(&pipe));
    menu(&mut h, "Paste position…");
    h.get_by_label("Browse…").click();
    h.run();

    assert!(h.state().io_busy(), "the read waits on the pipe");
    assert!(h.query_by_label("Reading the file…").is_some());
    for button in ["Open", "Save", "Browse…", "Save as…", "Load"] {
        assert!(disabled(&h, button), "{button} waits for the file");
    }
    // Frames go on and the board takes moves meanwhile.
    click_point(&mut h, Point::new(7, 7));
    for _ in 0..5 {
        h.step();
    }
    assert_eq!(h.state().game().moves(), &[Point::new(7, 7)]);
    assert!(h.state().io_busy());

    let mut writer = std::fs::OpenOptions::new().write(true).open(&pipe).unwrap();
    writer
        .write_all(b"Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n")
        .unwrap();
    drop(writer);
    wait_for_io(&mut h);

    let error = h.state().record_error().expect("the window shows why");
    assert!(
        error.contains("line 3") && error.contains("slow.psq"),
        "{error}"
    );
    assert!(h.query_by_label_contains("line 3").is_some(), "on screen");
    assert!(h.query_by_label("Reading the file…").is_none());
    assert!(!disabled(&h, "Browse…"));
    assert_eq!(h.state().game().moves(), &[Point::new(7, 7)]);
}

#[test]
fn a_typed_path_saves_and_opens_through_the_io_thread() {
    use eframe::egui::accesskit::Role;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typed.psq");
    let mut h = app_with(Fake::new(|_| Some(Picked::Cancelled)));
    play(&mut h, &[Point::new(7, 7), Point::new(8, 8)]);
    menu(&mut h, "Paste position…");
    // The window's first text field is the path.
    h.get_all_by_role(Role::TextInput).next().unwrap().focus();
    h.run();
    h.get_all_by_role(Role::TextInput)
        .next()
        .unwrap()
        .type_text(path.to_str().unwrap());
    h.run();

    h.get_by_label("Save").click();
    h.run();
    wait_for_io(&mut h);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("8,8,") && text.contains("9,9,"), "{text}");
    assert!(h.state().status_message().unwrap().starts_with("Saved"));
    assert_eq!(h.state().record_error(), None);

    play(&mut h, &[Point::new(0, 0)]);
    h.get_by_label("Open").click();
    h.run();
    wait_for_io(&mut h);
    assert_eq!(
        h.state().game().moves(),
        &[Point::new(7, 7), Point::new(8, 8)],
        "the record as saved, before the third move"
    );
    assert!(h.state().status_message().unwrap().starts_with("Opened"));
    assert!(h.query_by_label("Game records").is_none(), "errand done");
    let folder = std::path::absolute(dir.path()).unwrap();
    assert_eq!(h.state().settings().last_folder.as_deref(), Some(&*folder));
}

#[test]
fn browse_in_the_engines_window_adds_the_chosen_program() {
    // The file dialog answers with the project's fake engine: it is
    // probed and listed, as if its path had been typed.
    let fake_engine = PathBuf::from(env!("CARGO_BIN_EXE_gomoku-fake-engine"));
    let picker = Fake::choosing(&fake_engine);
    let mut h = app_with(picker.clone());
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Engines…").click();
    h.run();
    h.get_by_label("Browse…").click();
    h.run();
    let asked = picker.requests();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].purpose, PickPurpose::Engine);
    assert_eq!(asked[0].words.title, "Choose an engine program");
    for _ in 0..2000 {
        h.step();
        if !h.state().settings().engines.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    h.run();
    let engines = &h.state().settings().engines;
    assert_eq!(engines.len(), 1, "the chosen program is listed");
    assert_eq!(
        engines[0].spec.argv,
        vec![fake_engine.display().to_string()]
    );
    assert_eq!(engines[0].name(), "fake-legal");
}
