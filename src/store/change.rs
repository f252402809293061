//! The change a save applies to a session file, named from what the
//! session did: its log tells each change made since the file was read
//! (or the one taken back), and each change names the parts of the file
//! it touches. Nothing else of the file is looked at.

use three13_core::sheet::{LogChange, Session};

/// One edit of a session file, as a save applies it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Edit {
    /// `updated`, which every save sets.
    Updated,
    /// Players renamed, each the name the file has and the name now:
    /// renamed where the file names them, keys and values.
    Renamed(Vec<(String, String)>),
    /// The seats: `players`, `first_dealer`, `dealers` and the
    /// `[seats.NAME]` tables (a player seated, gone, back or renamed; the
    /// start of a late player, which the rounds before it set).
    Seats,
    /// The dealers named: `first_dealer` and `dealers`.
    Dealers,
    /// The rules: `[rules]`, `[[rule_changes]]`, the `game` and the
    /// `hand_sizes`.
    Rules,
    /// A round recorded: its `[[rounds]]` table appended.
    RoundAdded(usize),
    /// The last round taken back: its table removed.
    RoundRemoved,
    /// A round corrected, or scored again under rules changed: its table's
    /// values replaced key by key where they stand.
    RoundReplaced(usize),
    /// The tiebreak: `[tiebreak]`.
    Tiebreak,
    /// The log: its new entries appended, or the last taken back.
    Log,
    /// A file of an older format, or with settings left out of its rules,
    /// brought to the current format: `format_version`, the `name` of
    /// version 1 (no longer written) and every setting of `[rules]`.
    Upgraded,
    /// Every part put as the session has it, each edited where it stands:
    /// for a session that is not the one the file holds, changed.
    Whole,
}

impl Edit {
    /// The top-level keys a part's edit puts as the session has them.
    pub(super) fn keys(&self) -> &'static [&'static str] {
        match self {
            Edit::Updated => &["updated"],
            Edit::Seats => &["players", "first_dealer", "dealers", "seats"],
            Edit::Dealers => &["first_dealer", "dealers"],
            Edit::Rules => &["game", "hand_sizes", "rules", "rule_changes"],
            Edit::Tiebreak => &["tiebreak"],
            Edit::Log => &["log"],
            Edit::Upgraded => &["format_version", "name", "rules"],
            Edit::Renamed(_)
            | Edit::RoundAdded(_)
            | Edit::RoundRemoved
            | Edit::RoundReplaced(_)
            | Edit::Whole => &[],
        }
    }
}

/// The edits that take the file of `was` to `now`, in the order a save
/// applies them (renames first: the other edits name the players as they
/// are called now). A session whose log does not follow on from the
/// file's, nor take back its last change, is not the file's own changed:
/// [`Edit::Whole`].
pub(super) fn edits(was: &Session, now: &Session) -> Vec<Edit> {
    let (old, new) = (was.log(), now.log());
    let (entries, undone) = if new.starts_with(old) {
        (&new[old.len()..], false)
    } else if old.len() == new.len() + 1 && old.starts_with(new) {
        (&old[new.len()..], true)
    } else {
        return vec![Edit::Whole];
    };
    let mut edits = vec![Edit::Updated];
    // The rounds the file has, as the edits so far leave it.
    let mut rounds = was.rounds().len();
    for entry in entries {
        edits.push(Edit::Log);
        if entry.tiebreak.is_some() {
            edits.push(Edit::Tiebreak);
        }
        match &entry.change {
            LogChange::Round { round } => {
                // A round of the sheet, or the tiebreaker round after them.
                let after = now.rounds().len();
                edits.push(match undone {
                    false if *round == rounds + 1 && *round <= after => {
                        rounds += 1;
                        Edit::RoundAdded(*round)
                    }
                    true if rounds == after + 1 && *round == rounds => Edit::RoundRemoved,
                    _ => Edit::Tiebreak,
                });
                edits.extend([Edit::Dealers, Edit::Seats, Edit::Tiebreak]);
            }
            LogChange::Edit { round, .. } => {
                edits.extend([Edit::RoundReplaced(*round), Edit::Dealers, Edit::Seats, Edit::Tiebreak])
            }
            LogChange::Dealer { .. } => edits.push(Edit::Dealers),
            LogChange::Join { .. } | LogChange::Leave { .. } | LogChange::Return { .. } => {
                edits.extend([Edit::Seats, Edit::Tiebreak])
            }
            LogChange::Rename { player, was: name, .. } => {
                let (from, to) = if undone { (player, name) } else { (name, player) };
                edits.extend([Edit::Renamed(vec![(from.clone(), to.clone())]), Edit::Seats]);
            }
            LogChange::Rules { from, .. } => {
                edits.extend([Edit::Rules, Edit::Dealers, Edit::Seats, Edit::Tiebreak]);
                // The rounds from then on, scored again.
                let played = was.rounds().len().min(now.rounds().len());
                edits.extend((*from..=played).map(Edit::RoundReplaced));
            }
            LogChange::Draw { .. } => edits.push(Edit::Tiebreak),
        }
    }
    // The one change the log does not name: in a file written before
    // there was a log, undo takes the last round (or the tiebreaker round)
    // back unlogged.
    if entries.is_empty() {
        if now.rounds().len() + 1 == was.rounds().len() {
            edits.extend([Edit::RoundRemoved, Edit::Dealers, Edit::Seats, Edit::Tiebreak]);
        }
        if now.playoff() != was.playoff() {
            edits.push(Edit::Tiebreak);
        }
    }
    // Renames first; each part once, where it first comes.
    edits.sort_by_key(|e| !matches!(e, Edit::Renamed(_)));
    let mut once = Vec::new();
    for edit in edits {
        if !once.contains(&edit) {
            once.push(edit);
        }
    }
    once
}

#[cfg(test)]
mod tests {
    use jiff::Timestamp;
    use three13_core::rules::Rules;
    use three13_core::sheet::RoundRecord;

    use super::*;

    #[test]
    fn each_change_names_the_parts_it_touches() {
        let now = Timestamp::UNIX_EPOCH;
        let players = vec!["Ann".to_string(), "Bob".to_string()];
        let new = Session::new("g", players, 0, Rules::default(), now).unwrap();
        let mut round = new.clone();
        round.add_round(RoundRecord::from_deadwood(vec![26, 0]), now).unwrap();
        let recorded =
            [Edit::Updated, Edit::Log, Edit::RoundAdded(1), Edit::Dealers, Edit::Seats, Edit::Tiebreak];
        assert_eq!(edits(&new, &round), recorded);
        let mut renamed = round.clone();
        renamed.rename_player(1, "Rob", now).unwrap();
        let rename = |from: &str, to: &str| {
            [Edit::Renamed(vec![(from.to_string(), to.to_string())]), Edit::Updated, Edit::Log, Edit::Seats]
        };
        assert_eq!(edits(&round, &renamed), rename("Bob", "Rob"));
        // Taken back: the same parts, the other way.
        assert_eq!(edits(&renamed, &round), rename("Rob", "Bob"));
        let taken_back =
            [Edit::Updated, Edit::Log, Edit::RoundRemoved, Edit::Dealers, Edit::Seats, Edit::Tiebreak];
        assert_eq!(edits(&round, &new), taken_back);
        // The last round taken back unlogged, as in a file written before
        // there was a log.
        let mut unlogged = round.clone();
        unlogged.undo(now);
        let unlogged_back = [Edit::Updated, Edit::RoundRemoved, Edit::Dealers, Edit::Seats, Edit::Tiebreak];
        assert_eq!(edits(&round, &unlogged), unlogged_back);
        // Nothing changed: `updated` alone.
        assert_eq!(edits(&round, &round), [Edit::Updated]);
        // Two changes at once: each part once, renames first.
        let mut both = vec![Edit::Renamed(vec![("Bob".to_string(), "Rob".to_string())])];
        both.extend(recorded.clone());
        assert_eq!(edits(&new, &renamed), both);
        // Two rounds at once: each appended in turn.
        let mut two = round.clone();
        two.add_round(RoundRecord::from_deadwood(vec![0, 3]), now).unwrap();
        let mut appended = recorded.to_vec();
        appended.push(Edit::RoundAdded(2));
        assert_eq!(edits(&new, &two), appended);
        // A log that neither follows on nor takes back the last change.
        assert_eq!(edits(&renamed, &new), [Edit::Whole]);
    }

    mod properties {
        use proptest::prelude::*;
        use three13_core::card::Card;
        use three13_core::rules::RulesChange;
        use three13_core::solver::Solver;

        use super::*;
        use crate::store::{read, to_toml};

        /// One change as play makes it, picked and shaped by `kind`, `a`
        /// and `b`; a change the sheet refuses leaves the session as it was.
        fn change(s: &mut Session, (kind, a, b): (u8, u8, u8), solver: &mut Solver) {
            let now = Timestamp::from_second(i64::from(a) * 1000).unwrap();
            let n = s.players().len();
            let seat = usize::from(a) % n;
            let played = s.rounds().len();
            match kind {
                0..=7 => {
                    let Some(deal) = s.next_deal() else { return };
                    let mut round = RoundRecord::from_deadwood(vec![0; n]);
                    for p in s.playing(deal.round) {
                        // Few scores, so that games end in ties.
                        round.deadwood[p] = u32::from(b % 3) * 5;
                    }
                    if kind == 1 && s.plays(seat, deal.round) {
                        round.deadwood[seat] = 0;
                        round.out = Some(seat);
                    }
                    let _ = s.add_round(round, now);
                }
                8 => {
                    let _ = s.rename_player(seat, &format!("P{b}"), now);
                }
                9 => {
                    let _ = s.add_player(&format!("N{b}"), Some(usize::from(b) % (n + 1)), None, now);
                }
                10 => {
                    let _ = s.remove_player(seat, now);
                }
                11 => {
                    let _ = s.return_player(seat, None, now);
                }
                12 => {
                    let _ = s.set_dealer((played + usize::from(b % 2)).max(1), seat, now);
                }
                13 if played > 0 => {
                    let round = 1 + usize::from(b) % played;
                    let text = match b % 2 {
                        0 => (b % 7).to_string(),
                        _ => Card::deck().take(3).map(|c| c.ascii()).collect::<Vec<_>>().join(" "),
                    };
                    let _ = s.edit(round, seat, &text, solver, now);
                }
                14 => {
                    let set = ["face_cards=ten", "jokers=1", "go_out_bonus=-5"][usize::from(b) % 3];
                    let change = RulesChange::parse(None, &[set.to_string()]).unwrap();
                    let _ = s.change_rules_from(1 + usize::from(b) % (played + 1), &change, solver, now);
                }
                15 => {
                    let mut seed = u64::from(b);
                    s.draw_tiebreak(
                        |k| {
                            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                            (seed >> 33) as usize % k
                        },
                        now,
                    );
                }
                _ => {
                    let _ = s.undo_change(solver, now);
                }
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

            /// Change after change, each saved into the file the one before
            /// wrote (comments written in it by hand), the edits the log
            /// names give the session saved, without every part put again.
            #[test]
            fn the_edits_named_give_the_session_saved(
                changes in proptest::collection::vec((0u8..17, any::<u8>(), any::<u8>()), 1..60),
                notes in proptest::collection::vec(any::<bool>(), 0..40),
                tiebreak in prop_oneof![Just("share"), Just("round"), Just("draw")],
            ) {
                let mut rules = Rules::default();
                rules.set("tiebreak", tiebreak).unwrap();
                let players = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
                let mut s = Session::new("g", players, 0, rules, Timestamp::UNIX_EPOCH).unwrap();
                let mut text: String = to_toml(&s)
                    .lines()
                    .zip(notes.iter().chain(std::iter::repeat(&false)))
                    .map(|(line, &note)| match note && !line.is_empty() {
                        true => format!("{line}   # a note\n"),
                        false => format!("{line}\n"),
                    })
                    .collect();
                let mut solver = Solver::new();
                for step in changes {
                    let loaded = read::session(&text, "g").unwrap();
                    prop_assert_eq!(&loaded.session, &s);
                    let mut doc = loaded.doc;
                    change(&mut s, step, &mut solver);
                    prop_assert!(doc.write(&s).unwrap(), "{:?} did not give {:?}", step, s);
                    text = doc.text();
                }
            }
        }
    }
}
