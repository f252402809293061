//! Session files written and read back: the standard layout, errors
//! placed, and any session saved into any file (a new one, its own, one
//! edited by hand, one of another session) reads back as that session.

use jiff::Timestamp;
use three13_core::rules::Rules;
use three13_core::sheet::{RoundRecord, Session, Start, check_player_names};
use three13_core::solver::Solver;

use super::{parse_session, save_into, to_toml};
use crate::files::line_col;

fn sample() -> Session {
    let players = ["Ann", "Bob \"B\"", "Zoë 🃏"].map(String::from).to_vec();
    let mut s = Session::new("friday", players, 1, Rules::default(), Timestamp::UNIX_EPOCH).unwrap();
    let mut solver = Solver::new();
    let mut r = RoundRecord::from_deadwood(vec![26, 0, 5]);
    r.hands[0] = Some(s.read_score(1, 0, "9h 4d Kh", &mut solver).unwrap().hand.unwrap());
    r.out = Some(1);
    s.add_round(r, Timestamp::UNIX_EPOCH).unwrap();
    s
}

#[test]
fn writes_readable_toml_and_reads_it_back() {
    let s = sample();
    let text = to_toml(&s);
    assert!(text.starts_with("format_version = 3\nplayers = "), "{text}");
    assert!(
        text.contains(
            "[[rounds]]\nround = 1\ndeadwood = { Ann = 26, \"Bob \\\"B\\\"\" = 0, \"Zoë 🃏\" = 5 }\n\
             hands = { Ann = \"9h 4d Kh\" }\nout = \"Bob \\\"B\\\"\"\n"
        ),
        "{text}"
    );
    assert_eq!(parse_session(&text, "friday").unwrap(), s);
}

#[test]
fn places_errors() {
    assert_eq!(line_col("ab\ncd", 4), (2, 2));
    let text = to_toml(&sample()).replace("Ann = 26", "Anne = 26");
    let e = parse_session(&text, "friday").unwrap_err();
    assert_eq!(
        e.message,
        "round 1: in deadwood, \"Anne\" is not one of the players (Ann, Bob \"B\", Zoë 🃏)"
    );
    let line = text.lines().position(|l| l.contains("Anne")).unwrap() + 1;
    assert_eq!(e.at, Some((line, 14)));
}

#[test]
fn settings_out_of_range_are_refused_where_a_file_holds_them() {
    let text = to_toml(&sample());
    // The message, and whether it is placed at the value on `line`.
    let refused = |text: &str, line: &str| {
        let e = parse_session(text, "friday").unwrap_err();
        let at = (text.lines().position(|l| l == line).unwrap() + 1, line.find('=').unwrap() + 3);
        (e.message, e.at == Some(at))
    };
    let jokers = text.replace("jokers = 0", "jokers = 9");
    assert_eq!(
        refused(&jokers, "jokers = 9"),
        ("rules: jokers cannot be \"9\"; it takes 0-3".to_string(), true)
    );
    let decks = text.replace("decks = 2", "decks = 0");
    assert_eq!(
        refused(&decks, "decks = 0"),
        ("rules: decks cannot be \"0\"; it takes 1-20".to_string(), true)
    );
    let suits = text.replace("decks = 2", "suits = 6");
    assert_eq!(
        refused(&suits, "suits = 6"),
        ("rules: suits cannot be \"6\"; it takes 4-5".to_string(), true)
    );
    // A change of rules from a round on is checked the same way.
    let change = format!("{text}\n[[rule_changes]]\nfrom = 2\njokers = 9\n");
    assert_eq!(
        refused(&change, "jokers = 9"),
        ("rule_changes: jokers cannot be \"9\"; it takes 0-3".to_string(), true)
    );
}

mod properties {
    use proptest::prelude::*;

    use super::*;
    use three13_core::card::Card;
    use three13_core::sheet::Added;

    /// Player names: ASCII, Unicode, quotes, TOML syntax; the invalid
    /// ones are dropped by the filter.
    fn player() -> impl Strategy<Value = String> {
        prop_oneof!["[A-Za-z][a-z]{0,6}", "[A-Za-z '\"#\\\\\\[\\]{}.,]{1,12}", "\\PC{1,8}",]
    }

    fn rules() -> impl Strategy<Value = Rules> {
        (
            (0u8..3, any::<bool>(), any::<bool>(), prop_oneof![Just("0"), Just("-5"), Just("wild")]),
            (0u16..40, any::<bool>(), 0usize..4, 0usize..3, any::<u64>(), any::<bool>(), 1u8..=60),
        )
            .prop_map(
                |((extra, down, double, bonus), (penalty, naughts, preset, order, seed, half, joker))| {
                    let mut r = Rules::preset(["standard", "tens", "strict", "five-crowns"][preset]).unwrap();
                    // Five Crowns' deck has no aces or twos to be wild in extra rounds.
                    let extra = if preset == 3 { 0 } else { extra };
                    r.set("extra_rounds", &extra.to_string()).unwrap();
                    r.set("down_and_up", &down.to_string()).unwrap();
                    r.set("double_last_rounds", &double.to_string()).unwrap();
                    r.set("go_out_bonus", bonus).unwrap();
                    r.set("bad_go_out_penalty", &penalty.to_string()).unwrap();
                    r.set("double_naughts", &naughts.to_string()).unwrap();
                    r.set("half_wild", &half.to_string()).unwrap();
                    r.set("joker_value", &joker.to_string()).unwrap();
                    r.set("round_order", ["up", "down", "random"][order]).unwrap();
                    let mut seed = seed;
                    r.draw_order(&[], |k| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        (seed >> 33) as usize % k
                    });
                    r
                },
            )
    }

    /// One change to a session in the making: a round, a player joining,
    /// leaving or renamed, or a dealer named.
    #[derive(Clone, Debug)]
    enum Step {
        Round { scores: Vec<u32>, seed: u64, out: usize, penalised: Vec<bool> },
        Join { name: String, seat: usize, start: Option<i32> },
        Leave(usize),
        Rename(usize, String),
        Dealer { back: usize, seat: usize },
        Rules { back: usize, setting: usize },
        Return(usize),
    }

    fn step() -> impl Strategy<Value = Step> {
        let scores = || proptest::collection::vec(0u32..200, 12);
        prop_oneof![
            6 => (scores(), any::<u64>(), 0usize..14, proptest::collection::vec(any::<bool>(), 12))
                .prop_map(|(scores, seed, out, penalised)| Step::Round { scores, seed, out, penalised }),
            1 => (player(), 0usize..12, proptest::option::of(-50i32..300))
                .prop_map(|(name, seat, start)| Step::Join { name, seat, start }),
            1 => (0usize..12).prop_map(Step::Leave),
            1 => (0usize..12, player()).prop_map(|(seat, name)| Step::Rename(seat, name)),
            1 => (0usize..3, 0usize..12).prop_map(|(back, seat)| Step::Dealer { back, seat }),
            1 => (0usize..4, 0usize..6).prop_map(|(back, setting)| Step::Rules { back, setting }),
            1 => (0usize..12).prop_map(Step::Return),
        ]
    }

    /// A round for the next deal: every player in it scores (the same
    /// under `level`, which makes ties), now and then with a typed hand.
    fn round_for(s: &Session, step: &Step, level: bool, solver: &mut Solver) -> RoundRecord {
        let Step::Round { scores, seed, out, penalised } = step else { unreachable!() };
        let deal = s.next_deal().expect("a round to play");
        let n = s.players().len();
        let playing = s.playing(deal.round);
        let most = s.rules().max_deadwood(deal.cards);
        let mut r = RoundRecord::from_deadwood(vec![0; n]);
        for &p in &playing {
            r.deadwood[p] = if level { scores[0] } else { scores[p % 12] } % (most + 1);
        }
        // Now and then cards left over: fewer than the round deals.
        if seed % 3 == 1 && deal.cards > 3 && deal.round <= s.deals().len() {
            let deck: Vec<Card> = Card::deck().collect();
            let text: Vec<String> =
                (0..deal.cards - 2).map(|i| deck[(*seed as usize / 3 + i * 5) % 52].ascii()).collect();
            if let Ok(score) = s.read_score(deal.round, playing[0], &text.join(" "), solver) {
                r.set_score(playing[0], score);
                if level {
                    for &p in &playing[1..] {
                        r.deadwood[p] = r.deadwood[playing[0]];
                    }
                }
            }
        }
        // Now and then a typed hand: the deal's first cards from a seed.
        if seed % 3 == 0 {
            let deck: Vec<Card> = s.rules().deck().cards().collect();
            let hand: Vec<Card> =
                (0..deal.cards).map(|i| deck[(*seed as usize / 3 + i * 7) % deck.len()]).collect();
            let mut unique = hand.clone();
            unique.sort();
            unique.dedup();
            if unique.len() == hand.len() {
                let text: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
                let score = s.read_score(deal.round, playing[0], &text.join(" "), solver).unwrap();
                r.deadwood[playing[0]] = score.deadwood;
                r.hands[playing[0]] = score.hand;
                if level {
                    for &p in &playing {
                        r.deadwood[p] = score.deadwood;
                    }
                }
            }
        }
        if level {
            return r;
        }
        if let Some(&out) = playing.get(*out) {
            r.set_score(out, three13_core::sheet::Score::number(0));
            r.out = Some(out);
        }
        if s.rules().bad_go_out_penalty() > 0 {
            r.penalties =
                playing.iter().copied().filter(|&p| penalised[p % 12] && Some(p) != r.out).collect();
        }
        r
    }

    prop_compose! {
        /// A session as play makes it: rounds, players joining, leaving
        /// and renamed, dealers named, often played to the end, and a
        /// tiebreak when the rules call for one. Under `level` every
        /// round is a tie, so that tiebreaks are common.
        fn session()(
            players in proptest::collection::vec(player(), 2..6)
                .prop_filter("valid names", |p| check_player_names(p).is_ok()),
            rules in rules(),
            tiebreak in prop_oneof![1 => Just("share"), 2 => Just("round"), 2 => Just("draw")],
            dealer in 0usize..6,
            steps in proptest::collection::vec(step(), 0..30),
            level in any::<bool>(),
            finish in proptest::option::weighted(0.7, step().prop_filter("a round", |s| matches!(s, Step::Round { .. }))),
            draw_seed in any::<u64>(),
            created in 0i64..4_000_000_000,
        ) -> Session {
            let n = players.len();
            let now = Timestamp::from_second(created).unwrap();
            let mut rules = rules;
            rules.set("tiebreak", tiebreak).unwrap();
            let mut s = Session::new("prop", players, dealer % n, rules, now).unwrap();
            let mut solver = Solver::new();
            for step in &steps {
                let n = s.players().len();
                match step {
                    Step::Round { .. } => {
                        if s.next_deal().is_none() {
                            continue;
                        }
                        let r = round_for(&s, step, level, &mut solver);
                        s.add_round(r, now).unwrap();
                    }
                    // Refusals (a full table, a taken name, too few
                    // left) leave the session as it was.
                    Step::Join { name, seat, start } => {
                        let _ = s.add_player(name, Some(seat % (n + 1)), if level { None } else { start.map(Start::Total) }, now);
                    }
                    Step::Leave(seat) => {
                        let _ = s.remove_player(seat % n, now);
                    }
                    Step::Rename(seat, name) => {
                        let _ = s.rename_player(seat % n, name, now);
                    }
                    Step::Dealer { back, seat } => {
                        let round = (s.rounds().len() + 1).saturating_sub(*back).max(1);
                        let _ = s.set_dealer(round, seat % n, now);
                    }
                    Step::Return(seat) => {
                        let _ = s.return_player(seat % n, None, now);
                    }
                    // A change of rules from a round on, refused or not.
                    Step::Rules { back, setting } => {
                        let from = (s.rounds().len() + 1).saturating_sub(*back).max(1);
                        let set = [
                            "face_cards=ten", "face_cards=rank", "double_last_rounds=true",
                            "go_out_bonus=wild", "jokers=1", "extra_rounds=1",
                        ][*setting];
                        let change = three13_core::rules::RulesChange::parse(None, &[set.to_string()]).unwrap();
                        let _ = s.change_rules_from(from, &change, &mut solver, now);
                    }
                }
            }
            // Played to the end, tiebreaker round included.
            if let Some(step) = finish {
                while s.next_deal().is_some() {
                    let r = round_for(&s, &step, level, &mut solver);
                    // Under double_naughts a round of 0s is played again.
                    if let Added::Replayed(_) = s.add_round(r, now).unwrap() {
                        break;
                    }
                }
            }
            let mut seed = draw_seed;
            s.draw_tiebreak(
                |k| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    (seed >> 33) as usize % k
                },
                now,
            );
            s
        }
    }

    /// `text` with comments put in by hand: `notes` says, line by line,
    /// whether a comment line goes before it, a comment after it, both or
    /// neither.
    fn commented(text: &str, notes: &[u8]) -> String {
        let mut out = String::new();
        for (i, line) in text.lines().enumerate() {
            let note = notes.get(i).copied().unwrap_or(0);
            if note & 1 != 0 {
                out.push_str("# a note before\n");
            }
            out.push_str(line);
            if note & 2 != 0 && !line.is_empty() {
                out.push_str("   # a note after");
            }
            out.push('\n');
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

        #[test]
        fn any_session_written_reads_back_equal(s in session()) {
            let text = to_toml(&s);
            prop_assert_eq!(parse_session(&text, "prop"), Ok(s));
        }

        /// Every change taken back, the last first, gives a session with
        /// no round, seat change, dealer named, rule change or tiebreak.
        #[test]
        fn every_change_undone_gives_a_new_session(s in session()) {
            let mut s = s;
            let mut solver = Solver::new();
            let players = s.players().len() - s.log().iter().filter(|e| matches!(e.change, three13_core::sheet::LogChange::Join { .. })).count()
                + s.log().iter().filter(|e| matches!(e.change, three13_core::sheet::LogChange::Leave { off: Some(_), .. })).count();
            while s.undo_change(&mut solver, Timestamp::UNIX_EPOCH).unwrap().is_some() {}
            prop_assert!(s.rounds().is_empty());
            prop_assert!(s.playoff().is_none());
            prop_assert!(s.dealer_changes().is_empty());
            prop_assert_eq!(s.rules_timeline().len(), 1);
            prop_assert!(s.seats().iter().all(|seat| *seat == Default::default()));
            prop_assert_eq!(s.players().len(), players);
        }

        #[test]
        fn damage_is_detected_or_harmless(
            s in session(),
            edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..4), 1..6),
        ) {
            let mut bytes = to_toml(&s).into_bytes();
            for (at, byte, how) in edits {
                if bytes.is_empty() {
                    break;
                }
                let i = at.index(bytes.len());
                match how {
                    0 => bytes[i] = byte,
                    1 => bytes.insert(i, byte),
                    2 => { bytes.remove(i); }
                    _ => bytes.truncate(i),
                }
            }
            // Never a panic; what loads is a session that saves and loads
            // again, into a new file or into the damaged one.
            let Ok(text) = crate::files::text_of(bytes) else { return Ok(()) };
            if let Ok(loaded) = parse_session(&text, "prop") {
                let again = to_toml(&loaded);
                prop_assert_eq!(parse_session(&again, "prop"), Ok(loaded.clone()));
                let saved = save_into(&text, "prop", &loaded).unwrap();
                prop_assert_eq!(parse_session(&saved, "prop"), Ok(loaded));
            }
        }

        /// Saved into its own file, edited by hand with comments everywhere,
        /// a session leaves the text as it is; saved into the file of another
        /// session, it reads back as itself.
        #[test]
        fn any_session_saved_into_any_file_reads_back_equal(
            first in session(),
            second in session(),
            notes in proptest::collection::vec(0u8..4, 0..200),
        ) {
            let text = commented(&to_toml(&first), &notes);
            prop_assert_eq!(parse_session(&text, "prop"), Ok(first.clone()));
            prop_assert_eq!(save_into(&text, "prop", &first).unwrap(), text.clone());
            let saved = save_into(&text, "prop", &second).unwrap();
            prop_assert_eq!(parse_session(&saved, "prop"), Ok(second.clone()));
            // Saved back, the first session's own file is as new.
            let back = save_into(&to_toml(&first), "prop", &second).unwrap();
            prop_assert_eq!(back, to_toml(&second));
        }

        /// Whatever is saved into a file with comments everywhere, every
        /// comment is still in it, once.
        #[test]
        fn no_comment_is_lost_or_doubled(
            first in session(),
            second in session(),
            notes in proptest::collection::vec(0u8..4, 0..200),
        ) {
            let text = commented(&to_toml(&first), &notes);
            let saved = save_into(&text, "prop", &second).unwrap();
            for note in ["# a note before", "# a note after"] {
                prop_assert_eq!(saved.matches(note).count(), text.matches(note).count(), "{}\n{}", text, saved);
            }
        }
    }
}

/// A session listed a moment ago whose file has gone since is not one
/// that does not load: it is simply not there.
#[test]
fn a_session_gone_since_the_listing_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::locate(Some(&dir.path().join("data"))).unwrap();
    let lock = store.lock().unwrap();
    store.save(&lock, &sample(), crate::store::SessionDoc::default()).unwrap();
    assert_eq!(store.load_listed("friday").unwrap(), Some(sample()));
    std::fs::write(store.session_path("friday"), "damaged").unwrap();
    assert!(store.load_listed("friday").is_err());
    store.delete(&lock, "friday").unwrap();
    assert_eq!(store.load_listed("friday").unwrap(), None);
}

/// A session's link is followed once, when the file is read: the save goes
/// to the file read, beside it and renamed over it, and only while that
/// same file (device and inode) is still there.
#[cfg(unix)]
mod links {
    use std::fs;
    use std::os::unix::fs::symlink;

    use super::*;
    use crate::store::{Loaded, SessionDoc, Store};

    /// The next round of `s`: every player at the table scores 5.
    fn next_round(s: &mut Session) {
        let deal = s.next_deal().unwrap();
        let mut r = RoundRecord::from_deadwood(vec![0; s.players().len()]);
        for p in s.playing(deal.round) {
            r.deadwood[p] = 5;
        }
        s.add_round(r, Timestamp::UNIX_EPOCH).unwrap();
    }

    /// The names in `dir`, sorted.
    fn listing(dir: &std::path::Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_link_swapped_between_the_read_and_the_save_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::locate(Some(&dir.path().join("data"))).unwrap();
        let lock = store.lock().unwrap();
        store.save(&lock, &sample(), SessionDoc::default()).unwrap();
        // The session's file is kept elsewhere, behind a link.
        let link = store.session_path("friday");
        let synced = dir.path().join("synced");
        fs::create_dir(&synced).unwrap();
        let real = synced.join("friday.toml");
        fs::rename(&link, &real).unwrap();
        symlink(&real, &link).unwrap();
        let victim = dir.path().join(".bashrc");
        fs::write(&victim, "echo hello\n").unwrap();

        // The link swapped for one to another file after the read: the save
        // still goes to the file read, and the other file is untouched.
        let Loaded { mut session, doc } = store.load_to_change(&lock, "friday").unwrap();
        fs::remove_file(&link).unwrap();
        symlink(&victim, &link).unwrap();
        next_round(&mut session);
        store.save(&lock, &session, doc).unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "echo hello\n");
        assert_eq!(parse_session(&fs::read_to_string(&real).unwrap(), "friday"), Ok(session.clone()));
        assert_eq!(listing(&synced), ["friday.toml"]);

        // The file read replaced, by a link to another file or by another
        // file: the save is refused and writes nothing anywhere.
        fs::remove_file(&link).unwrap();
        symlink(&real, &link).unwrap();
        let written = fs::read_to_string(&real).unwrap();
        let other = synced.join("other.toml");
        fs::write(&other, &written).unwrap();
        for by_a_link in [true, false] {
            let Loaded { mut session, doc } = store.load_to_change(&lock, "friday").unwrap();
            if by_a_link {
                fs::remove_file(&real).unwrap();
                symlink(&victim, &real).unwrap();
            } else {
                fs::rename(&other, &real).unwrap();
            }
            next_round(&mut session);
            let refused = store.save(&lock, &session, doc).unwrap_err();
            assert_eq!(
                refused.to_string(),
                format!(
                    "cannot save {}: the file it leads to, {}, is no longer the one three13 read (it was \
                     replaced or moved meanwhile); nothing was written\n  hint: run the command again to work on \
                     the file as it is now",
                    link.display(),
                    real.display()
                )
            );
            assert_eq!(fs::read_to_string(&victim).unwrap(), "echo hello\n");
            // No temporary file is left behind.
            assert_eq!(listing(&synced).len(), if by_a_link { 2 } else { 1 });
            if by_a_link {
                assert_eq!(fs::read_link(&real).unwrap(), victim);
                fs::remove_file(&real).unwrap();
                fs::write(&real, &written).unwrap();
            } else {
                assert_eq!(fs::read_to_string(&real).unwrap(), written);
            }
        }
        assert!(fs::symlink_metadata(&real).unwrap().file_type().is_file());
    }

    /// The session file itself, not a link, replaced between the read and
    /// the save by a link to another file: refused.
    #[test]
    fn a_file_replaced_by_a_link_after_the_read_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::locate(Some(&dir.path().join("data"))).unwrap();
        let lock = store.lock().unwrap();
        store.save(&lock, &sample(), SessionDoc::default()).unwrap();
        let path = store.session_path("friday");
        let victim = dir.path().join(".bashrc");
        fs::write(&victim, "echo hello\n").unwrap();
        let Loaded { mut session, doc } = store.load_to_change(&lock, "friday").unwrap();
        fs::remove_file(&path).unwrap();
        symlink(&victim, &path).unwrap();
        next_round(&mut session);
        let refused = store.save(&lock, &session, doc).unwrap_err();
        assert!(
            refused.to_string().starts_with(&format!(
                "cannot save {}: the file is no longer the one three13 read (it was replaced or moved \
                 meanwhile); nothing was written\n",
                path.display()
            )),
            "{refused}"
        );
        assert_eq!(fs::read_to_string(&victim).unwrap(), "echo hello\n");
        assert!(fs::symlink_metadata(&path).unwrap().file_type().is_symlink());
        assert_eq!(listing(&store.sessions_dir()), ["friday.toml"]);

        // A new session's file is never written through a link put there.
        let new = Session::new(
            "other",
            vec!["Ann".into(), "Bob".into()],
            0,
            Rules::default(),
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        symlink(&victim, store.session_path("other")).unwrap();
        let refused = store.save(&lock, &new, SessionDoc::default()).unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "cannot save {}: a file was put there meanwhile; nothing was written",
                store.session_path("other").display()
            )
        );
        assert_eq!(fs::read_to_string(&victim).unwrap(), "echo hello\n");
    }
}
