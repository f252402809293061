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
    /// Every part put as the session has it, each edited where it stands:
    /// a file of an older format, or with settings left out of its rules,
    /// brought to the current format; or a session that is not the one
    /// the file holds, changed.
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
    for entry in entries {
        edits.push(Edit::Log);
        if entry.tiebreak.is_some() {
            edits.push(Edit::Tiebreak);
        }
        match &entry.change {
            LogChange::Round { round } => {
                // A round of the sheet, or the tiebreaker round after them.
                let (before, after) = (was.rounds().len(), now.rounds().len());
                edits.push(match undone {
                    false if after == before + 1 && *round == after => Edit::RoundAdded(*round),
                    true if before == after + 1 && *round == before => Edit::RoundRemoved,
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
        // Nothing changed: `updated` alone.
        assert_eq!(edits(&round, &round), [Edit::Updated]);
        // Two changes at once: each part once, renames first.
        let mut both = vec![Edit::Renamed(vec![("Bob".to_string(), "Rob".to_string())])];
        both.extend(recorded);
        assert_eq!(edits(&new, &renamed), both);
        // A log that neither follows on nor takes back the last change.
        assert_eq!(edits(&renamed, &new), [Edit::Whole]);
    }
}
