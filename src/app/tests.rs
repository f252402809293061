//! The use cases asked directly, as any face asks them: typed input in,
//! typed outcome out, the file written only when something changed.

use jiff::Timestamp;
use three13_core::rules::{Rules, RulesChange};
use three13_core::sheet::{Change, RoundRecord};

use super::correct::{Correction, correct};
use super::players::{PlayerChange, PlayerChanged};
use super::undo::{Again, Last};
use super::{players, rules, start, undo};
use crate::store::Store;

const NOW: Timestamp = Timestamp::UNIX_EPOCH;

/// A data folder with a game of Ann, Bob and Cy started, and round 1
/// recorded as `deadwood`.
fn game(deadwood: Vec<u32>) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let players = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let asked = start::Asked { name: Some("friday".into()), players, dealer: 0, rules: Rules::default() };
    start::start(&store, &asked, NOW).unwrap();
    store
        .change("friday", |s| {
            s.add_round(RoundRecord::from_deadwood(deadwood), NOW)?;
            Ok((true, ()))
        })
        .unwrap();
    (dir, store)
}

fn file(store: &Store) -> String {
    std::fs::read_to_string(store.session_path("friday")).unwrap()
}

#[test]
fn a_correction_says_what_changed_and_saves_only_then() {
    let (_dir, store) = game(vec![12, 0, 7]);
    let mut solver = three13_core::solver::Solver::new();
    let asked = Correction { round: 1, scores: vec!["Cy".into(), "9".into()], ..Correction::default() };
    let done = correct(&store, "friday", &asked, &mut solver, NOW).unwrap();
    assert!(done.saved);
    assert!(matches!(done.changes.as_slice(), [Change::Score { seat: 2, old: 7, new }] if new.deadwood == 9));
    assert_eq!(done.session.scoreboard().totals(), vec![12, 0, 9]);

    let before = file(&store);
    let again = correct(&store, "friday", &asked, &mut solver, NOW).unwrap();
    assert!(!again.saved && again.changes.is_empty());
    assert_eq!(file(&store), before, "nothing changed, nothing written");

    let nothing = Correction { round: 1, ..Correction::default() };
    let e = correct(&store, "friday", &nothing, &mut solver, NOW).unwrap_err();
    assert!(e.message().starts_with("nothing to change in round 1"), "{}", e.message());
}

#[test]
fn a_change_of_players_seen_before_another_is_refused_and_nothing_is_written() {
    let (_dir, store) = game(vec![12, 0, 7]);
    let seen = store.load("friday").unwrap();
    let rename = PlayerChange::Rename { old: "bob".into(), new: "Rob".into() };
    let renamed = players::change(&store, "friday", &rename, None, NOW).unwrap();
    assert_eq!(renamed.changed, PlayerChanged::Renamed { seat: 1, old: "Bob".into() });
    assert_eq!(renamed.session.players()[1], "Rob");

    let before = file(&store);
    let remove = PlayerChange::Remove { name: "Cy".into() };
    let e = players::change(&store, "friday", &remove, Some(&seen), NOW).unwrap_err();
    assert!(e.message().contains("another three13 changed"), "{}", e.message());
    assert_eq!(file(&store), before);

    let removed = players::change(&store, "friday", &remove, None, NOW).unwrap();
    assert_eq!(removed.changed, PlayerChanged::Removed { player: "Cy".into(), off: false });
}

#[test]
fn rules_already_in_force_are_not_saved() {
    let (_dir, store) = game(vec![12, 0, 7]);
    let set = |s: &str| rules::Asked { change: RulesChange::parse(None, &[s.into()]).unwrap(), from: None };
    let changed = rules::change(&store, "friday", &set("bad_go_out_penalty=20"), NOW).unwrap();
    assert!(changed.saved && matches!(changed.ruled, rules::Ruled::Changed { .. }));
    let before = file(&store);
    let again = rules::change(&store, "friday", &set("bad_go_out_penalty=20"), NOW).unwrap();
    assert!(!again.saved);
    assert!(matches!(again.ruled, rules::Ruled::Unchanged { from: 2, given: false, .. }));
    assert_eq!(file(&store), before);
}

#[test]
fn an_undo_names_the_round_to_record_again() {
    let (_dir, store) = game(vec![12, 0, 7]);
    let pending = undo::pending(&store, "friday").unwrap();
    assert!(pending.removes() && matches!(pending.last, Last::Logged(_)));
    let undone = undo::undo(&store, "friday", &pending, NOW).unwrap();
    assert_eq!(undone.again, Some(Again::Round(0)));
    assert!(undone.session.rounds().is_empty() && undone.before.rounds().len() == 1);
    let e = undo::pending(&store, "friday").unwrap_err();
    assert!(e.message().starts_with("nothing to undo"), "{}", e.message());
}
