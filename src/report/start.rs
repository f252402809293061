//! A game started, as it is said: who plays under which rules, the first
//! round, and how to record it.

use three13_core::sheet::Session;

/// The lines that greet the new session `s`.
pub(crate) fn started(s: &Session) -> Vec<String> {
    let players: Vec<&str> = s.players().iter().map(String::as_str).collect();
    let deal = s.rules().deal(1).expect("every game has a round 1");
    let started = format!(
        "Started session {} with {} (rules: {}); it is the current session.",
        s.name(),
        super::and_list(&players),
        s.rules().summary()
    );
    let next = super::table::next_line(s, deal.round);
    let record = format!(
        "Record it with `three13 round` and a score per player, in seat order: {}",
        crate::prose::words(&players)
    );
    vec![started, next, record]
}
