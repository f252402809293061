//! A checked hand, for a person and for a script: the same figures.
//!
//! The person is told, in order: a declared hand's verdicts; after the
//! draw, the hand laid down after the best discard and every discard with
//! the deadwood it leaves and its chance; else the hand, and its outs. The
//! script gets the analysis with the declared figures beside it, and the
//! best-chance discard the screen names.

use std::io::Write;

use serde::Serialize;
use three13_core::analysis::{Analysis, Ask, Choice, Decided, Discard, Upcard};
use three13_core::card::{Card, Rank};
use three13_core::declared::{Declared, DeclaredDiscard, Group};
use three13_core::rules::Rules;
use three13_core::solver::{Meld, MeldKind};

use crate::error::Result;
use crate::text::display_width;
use crate::ui::Ui;

/// One hand checked: the analysis and, for a declared hand, its verdicts.
#[derive(Debug)]
pub(crate) struct Checked {
    pub(crate) analysis: Analysis,
    pub(crate) declared: Option<Declared>,
}

/// Where the rules a hand was checked under came from.
#[derive(Debug, Clone)]
pub(crate) enum RulesFrom {
    /// The command line alone (a preset, settings, or the standard rules).
    Given,
    /// A session's, as they are.
    Session(String),
    /// A session's, with settings changed on the command line.
    SessionWith(String),
}

impl RulesFrom {
    /// `, from session friday`: where the rules come from, for the heading.
    fn said(&self) -> String {
        match self {
            RulesFrom::Given => String::new(),
            RulesFrom::Session(name) => format!(", from session {name}"),
            RulesFrom::SessionWith(name) => format!(", session {name}'s with --set"),
        }
    }

    fn session(&self) -> Option<&str> {
        match self {
            RulesFrom::Given => None,
            RulesFrom::Session(name) | RulesFrom::SessionWith(name) => Some(name),
        }
    }
}

/// The rules a hand is checked under, and what else lies outside the
/// stock: the table melds (--onto) and the cards seen (--seen).
#[derive(Debug)]
pub(crate) struct Setting {
    pub(crate) rules: Rules,
    pub(crate) from: RulesFrom,
    pub(crate) onto: Vec<Vec<Card>>,
    pub(crate) seen: Vec<Card>,
    /// The face-up card and how far to look.
    pub(crate) ask: Ask,
}

impl Setting {
    /// The cards seen out of the stock: --seen and the face-up card.
    pub(crate) fn known(&self) -> Vec<Card> {
        self.seen.iter().copied().chain(self.ask.upcard).collect()
    }
}

/// A checked hand for a script: the analysis, a declared hand's figures
/// beside its fields, the discard with the best chance, and the rules.
#[derive(Debug, Serialize)]
pub(crate) struct CheckJson<'a> {
    /// The line of stdin the hand was read from (hands read in a batch).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(flatten)]
    analysis: &'a Analysis,
    /// After the draw: the discard with the best chance to go out on the
    /// next draw (ties go to the one leaving least).
    #[serde(skip_serializing_if = "Option::is_none")]
    best_chance: Option<&'a Discard>,
    /// The rules' short name, and the session they are from, if any.
    rules: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules_session: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    groups: Option<&'a [Group]>,
    /// The deadwood of every card as declared.
    #[serde(skip_serializing_if = "Option::is_none")]
    declared_deadwood: Option<u32>,
    /// After the draw: the discard that leaves the declaration least.
    #[serde(skip_serializing_if = "Option::is_none")]
    declared_discard: Option<&'a DeclaredDiscard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declared_goes_out: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    least_deadwood: Option<u32>,
}

/// The rules in a word or a few (`Rules::summary`), worked out once for
/// the many hands of a batch checked under the same rules.
fn summary(rules: &Rules) -> String {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Rules, String)>> = const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| match last {
        Some((same, text)) if same == rules => text.clone(),
        _ => last.insert((*rules, rules.summary())).1.clone(),
    })
}

/// One hand's JSON, on one line; `line` for a hand read from stdin.
pub(crate) fn json(checked: &Checked, setting: &Setting, line: Option<usize>) -> String {
    let a = &checked.analysis;
    let d = checked.declared.as_ref();
    let report = CheckJson {
        line,
        analysis: a,
        best_chance: a.best_chance(&setting.rules),
        rules: summary(&setting.rules),
        rules_session: setting.from.session(),
        groups: d.map(|d| d.groups.as_slice()),
        declared_deadwood: d.map(|d| d.deadwood),
        declared_discard: d.and_then(|d| d.discard.as_ref()),
        declared_goes_out: d.map(|d| d.goes_out),
        least_deadwood: d.map(|d| d.least),
    };
    serde_json::to_string(&report).expect("an analysis serialises")
}

/// The human report of one hand.
pub(crate) fn print(ui: &mut Ui, checked: &Checked, setting: &Setting) -> Result<()> {
    let a = &checked.analysis;
    let rules = &setting.rules;
    let held = if a.hand.len() > a.cards {
        format!(", {} held after the draw", a.hand.len())
    } else {
        String::new()
    };
    let head = format!(
        "Round {}: {} cards dealt{held}, {} wild (rules: {}{})",
        a.round,
        a.cards,
        rules.wilds(a.wild),
        summary(rules),
        setting.from.said()
    );
    let mut lines = vec![ui.bold(&ui.wrap(&head, 2)), String::new()];
    if let Some(u) = &a.upcard {
        upcard(ui, &mut lines, u);
    }
    if let Some(d) = &checked.declared {
        declared(ui, &mut lines, d);
    }
    match &a.best_discard {
        Some(best) => {
            let mut rest = a.hand.clone();
            rest.remove(rest.iter().position(|&c| c == best.card).expect("a card of the hand"));
            lines.push(format!("Discard {} and lay down:", ui.card(best.card)));
            arrangement(ui, &mut lines, (&rest, &best.melds, &best.unmelded, best.deadwood), setting, a.wild);
            lines.push(String::new());
            lines.push(if best.deadwood == 0 {
                ui.good("Goes out")
            } else {
                ui.warn(&format!("Deadwood {}: does not go out", best.deadwood))
            });
        }
        None => {
            arrangement(ui, &mut lines, (&a.hand, &a.melds, &a.unmelded, a.deadwood), setting, a.wild);
            lines.push(String::new());
            lines.push(if a.can_go_out {
                ui.good("Goes out: every card melds")
            } else {
                ui.warn(&format!("Deadwood {}", a.deadwood))
            });
        }
    }
    if !a.can_go_out
        && let (Some(outs), Some(n), Some(chance)) = (&a.outs, a.unseen, a.chance)
    {
        if outs.is_empty() {
            lines.push("Outs (0): none".to_string());
        } else {
            let cards: Vec<String> = outs.iter().map(|&c| ui.card(c)).collect();
            lines.push(ui.wrap(&format!("Outs ({}): {}", outs.len(), cards.join(" ")), 1));
            lines.push(ui.wrap(&format!("  {n} of them unseen: {} on the next draw", percent(chance)), 4));
        }
        if let Some(two) = a.chance_two {
            lines.push(ui.wrap(&format!("  {} within the next two draws", percent(two)), 4));
        }
    }
    for l in &lines {
        writeln!(ui.out, "{l}")?;
    }
    if let Some(discards) = &a.discards {
        advice(ui, a, discards, rules)?;
    }
    Ok(())
}

/// Take the face-up card or draw: the advice and its margin in one line,
/// then each branch's figures.
fn upcard(ui: &Ui, lines: &mut Vec<String>, u: &Upcard) {
    let card = ui.card(u.card);
    let (take, draw) = (&u.take, &u.draw);
    let (p_take, p_draw) = (take.chance_this_or_next, draw.chance_this_or_next);
    let points = |x: f64, y: f64| {
        let d = (x - y).abs() * 100.0;
        if d < 0.05 { "under 0.1 points".to_string() } else { format!("{d:.1} points") }
    };
    let less = |x: f64, y: f64| format!("{:.1}", (x - y).abs());
    let head = match (u.advice, u.decided_by) {
        (Choice::Take, _) if take.goes_out => {
            format!("Take {card}: it goes out now (drawing, {} to go out this turn or next)", percent(p_draw))
        }
        (Choice::Take, Decided::Chance) => format!(
            "Take {card}: {} more likely to go out this turn or next ({} against {} drawing)",
            points(p_take, p_draw),
            percent(p_take),
            percent(p_draw)
        ),
        (Choice::Draw, Decided::Chance) => format!(
            "Draw: {} more likely to go out this turn or next ({} against {} taking {card})",
            points(p_take, p_draw),
            percent(p_draw),
            percent(p_take)
        ),
        (Choice::Take, _) => format!(
            "Take {card}: as likely to go out ({}), {} less deadwood than drawing ({} against {:.1})",
            percent(p_take),
            less(take.deadwood as f64, draw.expected_deadwood),
            take.deadwood,
            draw.expected_deadwood
        ),
        (Choice::Draw, Decided::Deadwood) => format!(
            "Draw: as likely to go out ({}), {} less deadwood than taking {card} ({:.1} against {})",
            percent(p_draw),
            less(take.deadwood as f64, draw.expected_deadwood),
            draw.expected_deadwood,
            take.deadwood
        ),
        (Choice::Draw, Decided::Tie) => format!(
            "Draw: taking {card} is no better ({} to go out this turn or next, {} left either way)",
            percent(p_draw),
            take.deadwood
        ),
    };
    lines.push(ui.bold(&ui.wrap(&head, 2)));
    let taking = if take.goes_out {
        format!("Taking:  discard {} and go out", ui.card(take.discard))
    } else {
        format!(
            "Taking:  discard {}, {} left, {} on the next draw",
            ui.card(take.discard),
            take.deadwood,
            percent(take.chance_next)
        )
    };
    lines.push(ui.wrap(&format!("  {taking}"), 11));
    lines.push(ui.wrap(
        &format!(
            "  Drawing: {} to go out now, {:.1} left on average, {} this turn or next",
            percent(draw.chance_now),
            draw.expected_deadwood,
            percent(p_draw)
        ),
        11,
    ));
    lines.push(String::new());
}

/// The hand's cards, its melds (wilds' roles), its unmelded cards, each
/// at its value in a round with `wild` wild.
fn arrangement(
    ui: &Ui,
    lines: &mut Vec<String>,
    (hand, melds, unmelded, deadwood): (&[Card], &[Meld], &[Card], u32),
    setting: &Setting,
    wild: Rank,
) {
    // A label, then its text wrapped under the text's start.
    let labelled = |label: &str, text: &str| ui.wrap(&format!("{label:<9} {text}"), 10);
    lines.push(labelled("Hand", &ui.cards(hand)));
    for (i, m) in melds.iter().enumerate() {
        let label = if i == 0 { "Melds" } else { "" };
        lines.push(labelled(label, &super::meld_text(m, &|c| ui.card(c))));
    }
    if melds.is_empty() {
        lines.push("Melds     none".to_string());
    }
    if unmelded.is_empty() {
        lines.push("Unmelded  none".to_string());
    } else {
        let points: Vec<String> =
            unmelded.iter().map(|&c| format!("{} {}", ui.card(c), setting.rules.value_in(c, wild))).collect();
        lines.push(labelled("Unmelded", &format!("{}  = {deadwood}", points.join(", "))));
    }
    // Table melds given, but no meld of the hand's own: say why nothing
    // goes onto them.
    if setting.rules.lay_off() && !setting.onto.is_empty() && melds.iter().all(|m| m.onto.is_some()) {
        lines.push(ui.wrap("No lay-off: laying off needs a meld of the hand's own", 2));
    }
}

fn percent(chance: f64) -> String {
    format!("{:.1}%", chance * 100.0)
}

/// The verdict on each declared group, the declared deadwood, and the least.
fn declared(ui: &Ui, lines: &mut Vec<String>, d: &Declared) {
    lines.push("Declared".to_string());
    for g in &d.groups {
        let verdict = match (&g.kind, &g.reason) {
            (Some(kind), _) => {
                let kind = if *kind == MeldKind::Set { "a set" } else { "a run" };
                format!("{kind}{}", super::wild_roles(&g.wilds, &|c| ui.card(c)).replacen("  ", " ", 1))
            }
            (None, Some(reason)) => reason.to_string(),
            (None, None) => String::new(),
        };
        let paint = |text: &str| if g.kind.is_some() { ui.good(text) } else { ui.warn(text) };
        let one = format!("  {}: {verdict}", ui.cards(&g.cards));
        // A verdict that does not fit beside its cards goes on the lines
        // below them.
        if ui.fits(&one) {
            lines.push(format!("  {}: {}", ui.cards(&g.cards), paint(&verdict)));
        } else {
            lines.push(ui.wrap(&format!("  {}:", ui.cards(&g.cards)), 4));
            lines.push(paint(&ui.wrap(&format!("    {verdict}"), 4)));
        }
    }
    let claimed = match &d.discard {
        Some(discard) => {
            let line = if d.goes_out {
                ui.good(
                    &ui.wrap(&format!("The declaration goes out, discarding {}", ui.card(discard.card)), 2),
                )
            } else {
                let outside: usize = d.groups.iter().filter(|g| !g.meld).map(|g| g.cards.len()).sum();
                ui.warn(&ui.wrap(
                    &if outside == 0 {
                        "The declaration does not go out: each discard breaks a meld".to_string()
                    } else {
                        format!("The declaration does not go out: {outside} cards lie outside valid melds")
                    },
                    2,
                ))
            };
            lines.push(line);
            discard.deadwood
        }
        None => d.deadwood,
    };
    let left = if d.discard.is_some() { " after the discard" } else { "" };
    if d.least < claimed {
        lines.push(
            ui.wrap(&format!("Declared deadwood {claimed}{left}; the least is {}, as follows:", d.least), 2),
        );
    } else {
        lines.push(ui.wrap(&format!("Declared deadwood {claimed}{left}, the least there is"), 2));
    }
    lines.push(String::new());
}

/// The discards as every report lists them: the best chance to go out
/// first; ties leave less, then (when worked out) have the better chance
/// within two draws, then keep a wild, then throw the card worth most.
pub(crate) fn ranked<'a>(a: &Analysis, discards: &'a [Discard], rules: &Rules) -> Vec<&'a Discard> {
    let ties = |card| three13_core::analysis::ties_to(rules, a.wild, &a.hand, card);
    let mut sorted: Vec<&Discard> = discards.iter().collect();
    sorted.sort_by(|x, y| {
        y.chance
            .total_cmp(&x.chance)
            .then(x.deadwood.cmp(&y.deadwood))
            .then(y.chance_two.unwrap_or(0.0).total_cmp(&x.chance_two.unwrap_or(0.0)))
            .then(rules.is_wild(x.card, a.wild).cmp(&rules.is_wild(y.card, a.wild)))
            .then(rules.value_in(y.card, a.wild).cmp(&rules.value_in(x.card, a.wild)))
            .then(ties(x.card).cmp(&ties(y.card)))
    });
    sorted
}

/// Every discard, with the deadwood left and the chance to go out next.
fn advice(ui: &mut Ui, a: &Analysis, discards: &[Discard], rules: &Rules) -> Result<()> {
    let best = a.best_discard.as_ref().expect("after the draw");
    let chance = a.best_chance(rules).expect("after the draw");
    let sorted = ranked(a, discards, rules);
    let look = discards.iter().any(|d| d.chance_two.is_some());
    // The outs of a discard, in lines of at most `most` columns.
    let outs_of = |d: &Discard, most: usize| {
        if d.outs.is_empty() {
            return "none".to_string();
        }
        if d.chance >= 1.0 {
            // Every unseen card: the hand left goes out already.
            return "any card".to_string();
        }
        let mut lines: Vec<String> = vec![String::new()];
        for c in &d.outs {
            let card = plain_cards(ui, &[*c]);
            let last = lines.last_mut().expect("a line");
            if !last.is_empty() && display_width(last) + 1 + display_width(&card) > most {
                lines.push(card);
            } else {
                if !last.is_empty() {
                    last.push(' ');
                }
                last.push_str(&card);
            }
        }
        lines.join("\n")
    };
    let table = |most: usize| {
        let mut t = ui.table();
        let mut header = vec!["Discard", "Left", "Outs", "Unseen", "Chance"];
        if look {
            header.push("Two draws");
        }
        t.set_header(header);
        for d in &sorted {
            let mut row = vec![
                plain_cards(ui, &[d.card]),
                d.deadwood.to_string(),
                outs_of(d, most),
                d.unseen.to_string(),
                percent(d.chance),
            ];
            row.extend(d.chance_two.map(percent));
            t.add_row(row);
        }
        t.to_string()
    };
    // The outs as wide as fits, from 30 columns down to one card a line;
    // too narrow for the table, a line a discard.
    let layouts = [30, 24, 18, 12, 6, 3].into_iter().map(table).chain(std::iter::once_with(|| {
        sorted
            .iter()
            .map(|d| {
                ui.wrap(
                    &format!(
                        "{}: {} left, outs {}, {} unseen, {}{}",
                        plain_cards(ui, &[d.card]),
                        d.deadwood,
                        outs_of(d, usize::MAX),
                        d.unseen,
                        percent(d.chance),
                        d.chance_two.map(|c| format!(", {} in two draws", percent(c))).unwrap_or_default()
                    ),
                    2,
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }));
    writeln!(ui.out, "\n{}", ui.first_fitting(layouts))?;
    let figures = |d: &Discard| {
        format!(
            "discard {}: {} left, {} out{}, {} unseen, {} on the next draw{}",
            ui.card(d.card),
            d.deadwood,
            d.outs.len(),
            if d.outs.len() == 1 { "" } else { "s" },
            d.unseen,
            percent(d.chance),
            d.chance_two.map(|c| format!(", {} within two", percent(c))).unwrap_or_default()
        )
    };
    let least = discards.iter().find(|d| d.card == best.card).expect("a discard");
    let mut text = vec![ui.wrap(&format!("Least left:  {}", figures(least)), 13)];
    if chance.card != best.card && chance.chance > least.chance {
        text.push(ui.wrap(&format!("Best chance: {}", figures(chance)), 13));
    }
    if !look && discards.iter().all(|d| d.outs.is_empty()) {
        text.push(ui.wrap("No discard has an out on the next draw: --look 2 weighs the next two", 2));
    }
    for line in text {
        writeln!(ui.out, "{line}")?;
    }
    Ok(())
}

/// Cards without colour: table cells are measured by their characters.
fn plain_cards(ui: &Ui, cards: &[Card]) -> String {
    cards.iter().map(|&c| if ui.unicode { c.symbol() } else { c.ascii() }).collect::<Vec<_>>().join(" ")
}
