//! A change of the rules, as it is said: the rules before and after, what
//! became of the round table, and the rounds scored again.

use three13_core::rules::Rules;
use three13_core::sheet::{RulesChanged, Session};

/// The rules of `s` from round `from` already were `was`; `given` when
/// the round was asked for.
pub(crate) fn unchanged(s: &Session, from: usize, given: bool, was: &Rules) -> String {
    let name = s.name();
    let whose = if given { format!("{name} from round {from}") } else { name.to_string() };
    format!("The rules of {whose} are already {}; nothing was changed.", was.summary())
}

/// The rules saved: the session `before` and after (`s`), the round table
/// when the change shaped it (`order`: by the order of the rounds), and
/// what became of the rounds played.
pub(crate) fn saved(before: &Session, s: &Session, changed: &RulesChanged, order: bool) -> Vec<String> {
    let mut said = vec![format!(
        "Saved the rules of {}: {} (before: {}).",
        s.name(),
        s.rules_summary(),
        before.rules_summary()
    )];
    if changed.round_table {
        // A random order is drawn for the whole game: the rounds played
        // keep their places.
        let shape = if order {
            "round_order shapes the round table, which is the whole game's (the rounds played keep their \
             places)"
        } else {
            "extra_rounds and down_and_up shape the round table, which is the whole game's"
        };
        said.push(format!("{shape}: the game has {} rounds.", s.deals().len()));
    }
    said.push(scored_again(changed, before.rounds().len()));
    said
}

/// Each typed hand or cards left over scored again, a line each, indented.
pub(crate) fn rescored(s: &Session, changed: &RulesChanged) -> Vec<String> {
    changed
        .rescored
        .iter()
        .map(|r| {
            let player = &s.players()[r.seat];
            let which = if r.round > s.deals().len() {
                "the tiebreaker round".to_string()
            } else {
                format!("round {}", r.round)
            };
            if r.leftover {
                format!("  {which}: {player}'s cards left over now count {} (was {})", r.new, r.old)
            } else {
                format!("  {which}: {player}'s hand now leaves {} (was {})", r.new, r.old)
            }
        })
        .collect()
}

/// What became of the rounds a change of rules reaches: the typed hands
/// and cards left over scored again, the numbers kept; and the rounds
/// before, which keep their rules.
fn scored_again(changed: &RulesChanged, played: usize) -> String {
    let before: Vec<usize> = (1..changed.from.min(played + 1)).collect();
    let kept = match before.len() {
        0 => String::new(),
        1 => "Round 1 keeps the rules it was played under.".to_string(),
        _ => format!(
            "R{} keep the rules they were played under.",
            &crate::prose::rounds_in_words(&before)[1..]
        ),
    };
    if changed.rounds.is_empty() {
        return match played {
            0 => "No round is played yet.".to_string(),
            _ if kept.is_empty() => "No round played changes its rules.".to_string(),
            _ => kept,
        };
    }
    let count =
        |n: usize, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
    let mut scored = Vec::new();
    if changed.hands > 0 {
        scored.push(count(changed.hands, "typed hand", "typed hands"));
    }
    if changed.leftovers > 0 {
        scored.push(count(
            changed.leftovers,
            "score typed as cards left over",
            "scores typed as cards left over",
        ));
    }
    let scored = match scored.len() {
        0 => "no hand or cards left over were typed in them".to_string(),
        _ => {
            let verb = if changed.hands + changed.leftovers == 1 { "is" } else { "are" };
            format!("{} {verb} scored again", scored.join(" and "))
        }
    };
    let numbers = match changed.numbers {
        0 => String::new(),
        1 => "; 1 score typed as a number stays as it was".to_string(),
        n => format!("; {n} scores typed as numbers stay as they were"),
    };
    let rounds = crate::prose::rounds_in_words(&changed.rounds);
    let kept = if kept.is_empty() { kept } else { format!(" {kept}") };
    format!("Totals are worked out again for {rounds}: {scored}{numbers}.{kept}")
}
