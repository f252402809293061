//! A checked hand, for a person, a script and a page: one view, built once
//! from the check, printed three ways.
//!
//! The view says, in order: a declared hand's verdicts; after the draw,
//! the hand laid down after the best discard and every discard (in the
//! game crate's order) with the deadwood it leaves and its chance; else
//! the hand, and its outs; then the advice. The terminal fits it to the
//! width, the page marks it up, and the script gets the analysis with the
//! declared figures beside it, and the best-chance discard the screen
//! names.

use std::io::Write;

use serde::Serialize;
use three13_core::analysis::{Analysis, Choice, Decided, Discard, Upcard};
use three13_core::card::{Card, Rank};
use three13_core::declared::{Declared, DeclaredDiscard, Group};
use three13_core::rules::Rules;
use three13_core::solver::{Meld, MeldKind};

use crate::app::check::{Checked, Conditions, RulesFrom};
use crate::error::Result;
use crate::text::display_width;
use crate::ui::Ui;

/// A piece of a sentence: words, or a card, which each face shows its way.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Bit {
    Text(String),
    Card(Card),
}

/// A sentence of the view, its cards kept as cards.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Said(pub(crate) Vec<Bit>);

impl Said {
    fn new(text: impl Into<String>) -> Said {
        Said(vec![Bit::Text(text.into())])
    }

    fn text(mut self, text: impl Into<String>) -> Said {
        self.0.push(Bit::Text(text.into()));
        self
    }

    fn card(mut self, card: Card) -> Said {
        self.0.push(Bit::Card(card));
        self
    }

    /// The cards, a space between two.
    fn cards(mut self, cards: &[Card]) -> Said {
        for (i, &c) in cards.iter().enumerate() {
            if i > 0 {
                self.0.push(Bit::Text(" ".to_string()));
            }
            self.0.push(Bit::Card(c));
        }
        self
    }

    fn and(mut self, more: Said) -> Said {
        self.0.extend(more.0);
        self
    }

    /// The sentence, each card shown by `card`.
    pub(crate) fn render(&self, card: &dyn Fn(Card) -> String) -> String {
        self.0
            .iter()
            .map(|b| match b {
                Bit::Text(t) => t.clone(),
                Bit::Card(c) => card(*c),
            })
            .collect()
    }
}

/// How a line is meant: good news or a warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tone {
    Good,
    Warn,
}

/// Take the face-up card or draw: the advice with its margin, then each
/// branch's figures.
#[derive(Debug)]
pub(crate) struct UpcardView {
    pub(crate) advice: Said,
    pub(crate) taking: Said,
    pub(crate) drawing: Said,
}

/// One declared group and its verdict: a meld and what its wilds stand
/// for, or why it is none.
#[derive(Debug)]
pub(crate) struct GroupView {
    pub(crate) cards: Vec<Card>,
    pub(crate) verdict: Said,
    pub(crate) meld: bool,
}

/// A declared hand: each group's verdict, whether the declaration goes
/// out (after the draw), and its deadwood against the least.
#[derive(Debug)]
pub(crate) struct DeclaredView {
    pub(crate) groups: Vec<GroupView>,
    pub(crate) goes_out: Option<(Tone, Said)>,
    pub(crate) deadwood: Said,
}

/// A hand laid down: its cards, its melds (with the wilds' roles), its
/// unmelded cards at their values and their sum.
#[derive(Debug)]
pub(crate) struct Arrangement {
    pub(crate) hand: Vec<Card>,
    pub(crate) melds: Vec<Said>,
    /// `K♦ 10, 5♣ 5  = 15`; None when every card melds.
    pub(crate) unmelded: Option<Said>,
    /// Why nothing goes onto the table melds, when nothing does.
    pub(crate) no_lay_off: Option<Said>,
}

/// The outs of a discard in the table of discards.
#[derive(Debug, PartialEq)]
pub(crate) enum OutsCell {
    None,
    /// Every unseen card: the hand left goes out already.
    Any,
    Cards(Vec<Card>),
}

/// One row of the table of discards.
#[derive(Debug)]
pub(crate) struct DiscardRow {
    pub(crate) card: Card,
    pub(crate) left: u32,
    /// The hand left's next draw; none on the last turn.
    pub(crate) next: Option<NextCells>,
}

/// What a row says of the next draw: the outs, their copies unseen, the
/// chance, and within two draws where asked.
#[derive(Debug)]
pub(crate) struct NextCells {
    pub(crate) outs: OutsCell,
    pub(crate) unseen: u32,
    pub(crate) chance: String,
    pub(crate) two: Option<String>,
}

/// A line of advice under the table of discards.
#[derive(Debug)]
pub(crate) enum AdviceLine {
    /// `Least left:  discard K♦: …` and the like.
    Figures(Said),
    /// A hint on what to ask the command line next (a flag to give).
    Hint(Said),
}

/// Everything a face says of one checked hand, built once.
#[derive(Debug)]
pub(crate) struct CheckView<'a> {
    checked: &'a Checked,
    under: &'a Conditions,
    /// `Round 3: 5 cards dealt, threes wild`.
    pub(crate) head: Said,
    /// `rules: standard, from session friday`: the terminal says it beside
    /// the head; a page of the session says the rules in its header.
    pub(crate) rules: String,
    pub(crate) upcard: Option<UpcardView>,
    pub(crate) declared: Option<DeclaredView>,
    /// After the draw: `Discard K♦ and lay down:`.
    pub(crate) lay_down: Option<Said>,
    pub(crate) arrangement: Arrangement,
    /// Goes out, or the deadwood left.
    pub(crate) outcome: (Tone, Said),
    /// The outs (before the draw): the cards, how many unseen and the
    /// chance, the chance within two draws.
    pub(crate) outs: Vec<Said>,
    /// After the draw: every discard, in the game crate's order.
    pub(crate) discards: Option<Vec<DiscardRow>>,
    /// After the draw: whether a discard looks two draws ahead.
    pub(crate) look_two: bool,
    pub(crate) advice: Vec<AdviceLine>,
}

impl<'a> CheckView<'a> {
    /// The view of a hand checked under `under`.
    pub(crate) fn new(checked: &'a Checked, under: &'a Conditions) -> CheckView<'a> {
        let a = &checked.analysis;
        let rules = &under.rules;
        let held = if a.hand.len() > a.cards {
            format!(", {} held after the draw", a.hand.len())
        } else {
            String::new()
        };
        let head = Said::new(format!(
            "Round {}: {} cards dealt{held}, {} wild",
            a.round,
            a.cards,
            rules.wilds(a.wild)
        ));
        let rules_said = format!("rules: {}{}", summary(rules), said(&under.from));
        let (lay_down, arrangement, outcome) = match &a.best_discard {
            Some(best) => {
                let mut rest = a.hand.clone();
                rest.remove(rest.iter().position(|&c| c == best.card).expect("a card of the hand"));
                // On the last turn the round is over already: a hand that
                // melds scores nothing, and goes out of nothing.
                let outcome = if best.deadwood == 0 && a.last_turn {
                    (Tone::Good, Said::new("Every card melds: nothing left"))
                } else if best.deadwood == 0 {
                    (Tone::Good, Said::new("Goes out"))
                } else if a.last_turn {
                    (Tone::Warn, Said::new(format!("Deadwood {}", best.deadwood)))
                } else {
                    (Tone::Warn, Said::new(format!("Deadwood {}: does not go out", best.deadwood)))
                };
                (
                    Some(Said::new("Discard ").card(best.card).text(" and lay down:")),
                    arrangement(&rest, &best.melds, &best.unmelded, best.deadwood, under, a.wild),
                    outcome,
                )
            }
            None => {
                let outcome = if a.can_go_out {
                    (Tone::Good, Said::new("Goes out: every card melds"))
                } else {
                    (Tone::Warn, Said::new(format!("Deadwood {}", a.deadwood)))
                };
                (None, arrangement(&a.hand, &a.melds, &a.unmelded, a.deadwood, under, a.wild), outcome)
            }
        };
        let mut outs = Vec::new();
        if !a.can_go_out
            && let (Some(cards), Some(n), Some(chance)) = (&a.outs, a.unseen, a.chance)
        {
            if cards.is_empty() {
                outs.push(Said::new("Outs (0): none"));
            } else {
                outs.push(Said::new(format!("Outs ({}): ", cards.len())).cards(cards));
                // On the last turn the next draw is the last.
                let draw = if a.last_turn { "the last draw" } else { "the next draw" };
                outs.push(Said::new(format!("{n} of them unseen: {} on {draw}", percent(chance))));
            }
            if let Some(two) = a.chance_two {
                outs.push(Said::new(format!("{} within the next two draws", percent(two))));
            }
        }
        let ordered = a.discards_in_order(rules);
        let look_two = ordered.iter().any(|d| d.chance_two().is_some());
        let discards = a.discards.as_ref().map(|_| ordered.iter().map(|d| row(d)).collect());
        CheckView {
            checked,
            under,
            head,
            rules: rules_said,
            upcard: a.upcard.as_ref().map(upcard),
            declared: checked.declared.as_ref().map(declared),
            lay_down,
            arrangement,
            outcome,
            outs,
            discards,
            look_two,
            advice: advice(a, rules, look_two),
        }
    }

    /// The check as one line of JSON; `line` for a hand read from stdin.
    pub(crate) fn json(&self, line: Option<usize>) -> String {
        let a = &self.checked.analysis;
        let d = self.checked.declared.as_ref();
        let report = CheckJson {
            line,
            analysis: a,
            best_chance: a.best_chance(&self.under.rules),
            rules: summary(&self.under.rules),
            rules_session: self.under.from.session(),
            groups: d.map(|d| d.groups.as_slice()),
            declared_deadwood: d.map(|d| d.deadwood),
            declared_discard: d.and_then(|d| d.discard.as_ref()),
            declared_goes_out: d.map(|d| d.goes_out),
            least_deadwood: d.map(|d| d.least),
        };
        serde_json::to_string(&report).expect("an analysis serialises")
    }

    /// The check for a person, fitting the terminal.
    pub(crate) fn print(&self, ui: &mut Ui) -> Result<()> {
        for l in self.lines(ui) {
            writeln!(ui.out, "{l}")?;
        }
        Ok(())
    }

    /// The lines of the check on the terminal.
    fn lines(&self, ui: &Ui) -> Vec<String> {
        let card = |c| ui.card(c);
        let head = format!("{} ({})", self.head.render(&card), self.rules);
        let mut lines = vec![ui.bold(&ui.wrap(&head, 2)), String::new()];
        if let Some(u) = &self.upcard {
            lines.push(ui.bold(&ui.wrap(&u.advice.render(&card), 2)));
            lines.push(ui.wrap(&format!("  {}", u.taking.render(&card)), 11));
            lines.push(ui.wrap(&format!("  {}", u.drawing.render(&card)), 11));
            lines.push(String::new());
        }
        if let Some(d) = &self.declared {
            print_declared(ui, &mut lines, d);
        }
        if let Some(l) = &self.lay_down {
            lines.push(l.render(&card));
        }
        print_arrangement(ui, &mut lines, &self.arrangement);
        lines.push(String::new());
        lines.push(paint(ui, self.outcome.0, &self.outcome.1.render(&card)));
        for (i, l) in self.outs.iter().enumerate() {
            lines.push(match i {
                0 => ui.wrap(&l.render(&card), 1),
                _ => ui.wrap(&format!("  {}", l.render(&card)), 4),
            });
        }
        if let Some(rows) = &self.discards {
            lines.push(format!("\n{}", discards_table(ui, rows, self.look_two)));
            for line in &self.advice {
                lines.push(match line {
                    AdviceLine::Figures(s) => ui.wrap(&s.render(&card), 13),
                    AdviceLine::Hint(s) => ui.wrap(&s.render(&card), 2),
                });
            }
        }
        lines
    }
}

/// A checked hand for a script: the analysis, a declared hand's figures
/// beside its fields, the discard with the best chance, and the rules.
#[derive(Debug, Serialize)]
struct CheckJson<'a> {
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

/// `, from session friday`: where the rules come from, for the heading.
fn said(from: &RulesFrom) -> String {
    match from {
        RulesFrom::Given => String::new(),
        RulesFrom::Session(name) => format!(", from session {name}"),
        RulesFrom::SessionWith(name) => format!(", session {name}'s with --set"),
    }
}

fn percent(chance: f64) -> String {
    format!("{:.1}%", chance * 100.0)
}

/// A meld as every face shows it: `run 5♣ Q♠ K♠  (5♣ as J♠)`.
pub(crate) fn meld(m: &Meld) -> Said {
    let kind = match (&m.onto, m.kind) {
        (Some(onto), _) => Said::new("onto ").cards(onto).text(":"),
        (None, MeldKind::Set) => Said::new("set"),
        (None, MeldKind::Run) => Said::new("run"),
    };
    kind.text(" ").cards(&m.cards).and(roles(&m.wilds, "  "))
}

/// What the wilds of a meld stand for, after `gap`: `  (K♦ as 9♥, K♠ as
/// 9♣)`, leaving out a wild that stands for itself; empty when none.
fn roles(wilds: &[three13_core::solver::WildRole], gap: &str) -> Said {
    let roles: Vec<_> = wilds.iter().filter(|r| r.card != r.stands_for).collect();
    if roles.is_empty() {
        return Said::default();
    }
    let mut said = Said::new(format!("{gap}("));
    for (i, r) in roles.iter().enumerate() {
        if i > 0 {
            said = said.text(", ");
        }
        said = said.card(r.card).text(" as ").card(r.stands_for);
    }
    said.text(")")
}

/// The hand's cards, its melds (wilds' roles), its unmelded cards, each
/// at its value in a round with `wild` wild.
fn arrangement(
    hand: &[Card],
    melds: &[Meld],
    unmelded: &[Card],
    deadwood: u32,
    under: &Conditions,
    wild: Rank,
) -> Arrangement {
    let unmelded = (!unmelded.is_empty()).then(|| {
        let mut said = Said::default();
        for (i, &c) in unmelded.iter().enumerate() {
            if i > 0 {
                said = said.text(", ");
            }
            said = said.card(c).text(format!(" {}", under.rules.value_in(c, wild)));
        }
        said.text(format!("  = {deadwood}"))
    });
    // Table melds given, but no meld of the hand's own: say why nothing
    // goes onto them.
    let no_lay_off =
        (under.rules.lay_off() && !under.onto.is_empty() && melds.iter().all(|m| m.onto.is_some()))
            .then(|| Said::new("No lay-off: laying off needs a meld of the hand's own"));
    Arrangement { hand: hand.to_vec(), melds: melds.iter().map(meld).collect(), unmelded, no_lay_off }
}

/// Take the face-up card or draw: the advice and its margin in one line,
/// then each branch's figures.
fn upcard(u: &Upcard) -> UpcardView {
    let (take, draw) = (&u.take, &u.draw);
    // The last turn has no chances of a next turn, and its own words.
    let (Some(p_take), Some(p_draw)) = (take.chance_this_or_next, draw.chance_this_or_next) else {
        return last_upcard(u);
    };
    let points = |x: f64, y: f64| {
        let d = (x - y).abs() * 100.0;
        if d < 0.05 { "under 0.1 points".to_string() } else { format!("{d:.1} points") }
    };
    let less = |x: f64, y: f64| format!("{:.1}", (x - y).abs());
    let take_card = || Said::new("Take ").card(u.card);
    let advice = match (u.advice, u.decided_by) {
        (Choice::Take, _) if take.goes_out => take_card()
            .text(format!(": it goes out now (drawing, {} to go out this turn or next)", percent(p_draw))),
        (Choice::Take, Decided::Chance) => take_card().text(format!(
            ": {} more likely to go out this turn or next ({} against {} drawing)",
            points(p_take, p_draw),
            percent(p_take),
            percent(p_draw)
        )),
        (Choice::Draw, Decided::Chance) => Said::new(format!(
            "Draw: {} more likely to go out this turn or next ({} against {} taking ",
            points(p_take, p_draw),
            percent(p_draw),
            percent(p_take)
        ))
        .card(u.card)
        .text(")"),
        (Choice::Take, _) => take_card().text(format!(
            ": as likely to go out ({}), {} less deadwood than drawing ({} against {:.1})",
            percent(p_take),
            less(take.deadwood as f64, draw.expected_deadwood),
            take.deadwood,
            draw.expected_deadwood
        )),
        (Choice::Draw, Decided::Deadwood) => Said::new(format!(
            "Draw: as likely to go out ({}), {} less deadwood than taking ",
            percent(p_draw),
            less(take.deadwood as f64, draw.expected_deadwood),
        ))
        .card(u.card)
        .text(format!(" ({:.1} against {})", draw.expected_deadwood, take.deadwood)),
        (Choice::Draw, Decided::Tie) => Said::new("Draw: taking ").card(u.card).text(format!(
            " is no better ({} to go out this turn or next, {} left either way)",
            percent(p_draw),
            take.deadwood
        )),
        (_, Decided::LastTurn) => unreachable!("the last turn has no chances, and is said above"),
    };
    let taking = if take.goes_out {
        Said::new("Taking:  discard ").card(take.discard).text(" and go out")
    } else {
        Said::new("Taking:  discard ").card(take.discard).text(format!(
            ", {} left, {} on the next draw",
            take.deadwood,
            percent(take.chance_next.unwrap_or_default())
        ))
    };
    let drawing = Said::new(format!(
        "Drawing: {} to go out now, {:.1} left on average, {} this turn or next",
        percent(draw.chance_now),
        draw.expected_deadwood,
        percent(p_draw)
    ));
    UpcardView { advice, taking, drawing }
}

/// Take or draw on the last turn: no turn follows, so each is the
/// deadwood it leaves, which is what the hand scores.
fn last_upcard(u: &Upcard) -> UpcardView {
    let (take, draw) = (&u.take, &u.draw);
    let expected = draw.expected_deadwood;
    let by = format!("{:.1}", (take.deadwood as f64 - expected).abs());
    let advice = match u.advice {
        Choice::Take if take.goes_out => Said::new("Take ")
            .card(u.card)
            .text(format!(", last turn: every card melds (drawing, {expected:.1} left on average)")),
        Choice::Take => Said::new("Take ").card(u.card).text(format!(
            ", last turn: {by} less deadwood than drawing ({} against {expected:.1} on average)",
            take.deadwood
        )),
        Choice::Draw if u.decided_by == Decided::Tie => Said::new("Draw, last turn: taking ")
            .card(u.card)
            .text(format!(" is no better ({} left, {expected:.1} on average drawing)", take.deadwood)),
        Choice::Draw => Said::new(format!("Draw, last turn: {by} less deadwood on average than taking "))
            .card(u.card)
            .text(format!(" ({expected:.1} against {})", take.deadwood)),
    };
    let taking = if take.goes_out {
        Said::new("Taking:  discard ").card(take.discard).text(" and every card melds")
    } else {
        Said::new("Taking:  discard ").card(take.discard).text(format!(", {} left", take.deadwood))
    };
    let drawing = Said::new(format!(
        "Drawing: {} to meld every card, {expected:.1} left on average",
        percent(draw.chance_now)
    ));
    UpcardView { advice, taking, drawing }
}

/// The verdict on each declared group, whether the declaration goes out,
/// the declared deadwood and the least.
fn declared(d: &Declared) -> DeclaredView {
    let groups = d
        .groups
        .iter()
        .map(|g| {
            let verdict = match (&g.kind, &g.reason) {
                (Some(kind), _) => {
                    let kind = if *kind == MeldKind::Set { "a set" } else { "a run" };
                    Said::new(kind).and(roles(&g.wilds, " "))
                }
                (None, Some(reason)) => Said::new(reason.to_string()),
                (None, None) => Said::default(),
            };
            GroupView { cards: g.cards.clone(), verdict, meld: g.kind.is_some() }
        })
        .collect();
    let goes_out = d.discard.as_ref().map(|discard| {
        if d.goes_out {
            (Tone::Good, Said::new("The declaration goes out, discarding ").card(discard.card))
        } else {
            let outside: usize = d.groups.iter().filter(|g| !g.meld).map(|g| g.cards.len()).sum();
            let why = if outside == 0 {
                "The declaration does not go out: each discard breaks a meld".to_string()
            } else {
                format!("The declaration does not go out: {outside} cards lie outside valid melds")
            };
            (Tone::Warn, Said::new(why))
        }
    });
    let claimed = d.discard.as_ref().map_or(d.deadwood, |x| x.deadwood);
    let left = if d.discard.is_some() { " after the discard" } else { "" };
    let deadwood = if d.least < claimed {
        Said::new(format!("Declared deadwood {claimed}{left}; the least is {}, as follows:", d.least))
    } else {
        Said::new(format!("Declared deadwood {claimed}{left}, the least there is"))
    };
    DeclaredView { groups, goes_out, deadwood }
}

fn row(d: &Discard) -> DiscardRow {
    let next = d.next.as_ref().map(|n| NextCells {
        outs: if n.outs.is_empty() {
            OutsCell::None
        } else if n.chance >= 1.0 {
            OutsCell::Any
        } else {
            OutsCell::Cards(n.outs.clone())
        },
        unseen: n.unseen,
        chance: percent(n.chance),
        two: n.chance_two.map(percent),
    });
    DiscardRow { card: d.card, left: d.deadwood, next }
}

/// `discard K♦: 7 left, 0 outs, 0 unseen, 0.0% on the next draw`; on the
/// last turn `discard K♦: 7 left`.
fn figures(d: &Discard) -> Said {
    let Some(n) = &d.next else {
        return Said::new("discard ").card(d.card).text(format!(": {} left", d.deadwood));
    };
    Said::new("discard ").card(d.card).text(format!(
        ": {} left, {} out{}, {} unseen, {} on the next draw{}",
        d.deadwood,
        n.outs.len(),
        if n.outs.len() == 1 { "" } else { "s" },
        n.unseen,
        percent(n.chance),
        n.chance_two.map(|c| format!(", {} within two", percent(c))).unwrap_or_default()
    ))
}

/// After the draw: the discard leaving least, the one with the best
/// chance where it is another and better, and a hint when no discard has
/// an out.
fn advice(a: &Analysis, rules: &Rules, look_two: bool) -> Vec<AdviceLine> {
    let (Some(best), Some(discards)) = (&a.best_discard, &a.discards) else {
        return Vec::new();
    };
    let least = discards.iter().find(|d| d.card == best.card).expect("a discard");
    let mut lines = vec![AdviceLine::Figures(Said::new("Least left:  ").and(figures(least)))];
    if a.last_turn {
        lines.push(AdviceLine::Figures(Said::new(
            "Last turn:   someone went out and no draw follows, so each discard is judged by what it leaves",
        )));
        return lines;
    }
    let chance = a.best_chance(rules).expect("a discard with its chance");
    if chance.card != best.card && chance.chance() > least.chance() {
        lines.push(AdviceLine::Figures(Said::new("Best chance: ").and(figures(chance))));
    }
    if !look_two && discards.iter().all(|d| d.outs().is_empty()) {
        lines.push(AdviceLine::Hint(Said::new(
            "No discard has an out on the next draw: --look 2 weighs the next two",
        )));
    }
    lines
}

fn paint(ui: &Ui, tone: Tone, text: &str) -> String {
    match tone {
        Tone::Good => ui.good(text),
        Tone::Warn => ui.warn(text),
    }
}

/// The hand's cards, its melds, its unmelded cards, labelled.
fn print_arrangement(ui: &Ui, lines: &mut Vec<String>, a: &Arrangement) {
    let card = |c| ui.card(c);
    // A label, then its text wrapped under the text's start.
    let labelled = |label: &str, text: &str| ui.wrap(&format!("{label:<9} {text}"), 10);
    lines.push(labelled("Hand", &ui.cards(&a.hand)));
    for (i, m) in a.melds.iter().enumerate() {
        let label = if i == 0 { "Melds" } else { "" };
        lines.push(labelled(label, &m.render(&card)));
    }
    if a.melds.is_empty() {
        lines.push("Melds     none".to_string());
    }
    match &a.unmelded {
        None => lines.push("Unmelded  none".to_string()),
        Some(u) => lines.push(labelled("Unmelded", &u.render(&card))),
    }
    if let Some(no) = &a.no_lay_off {
        lines.push(ui.wrap(&no.render(&card), 2));
    }
}

/// The verdict on each declared group, the declared deadwood, and the least.
fn print_declared(ui: &Ui, lines: &mut Vec<String>, d: &DeclaredView) {
    let card = |c| ui.card(c);
    lines.push("Declared".to_string());
    for g in &d.groups {
        let verdict = g.verdict.render(&card);
        let tone = if g.meld { Tone::Good } else { Tone::Warn };
        let one = format!("  {}: {verdict}", ui.cards(&g.cards));
        // A verdict that does not fit beside its cards goes on the lines
        // below them.
        if ui.fits(&one) {
            lines.push(format!("  {}: {}", ui.cards(&g.cards), paint(ui, tone, &verdict)));
        } else {
            lines.push(ui.wrap(&format!("  {}:", ui.cards(&g.cards)), 4));
            lines.push(paint(ui, tone, &ui.wrap(&format!("    {verdict}"), 4)));
        }
    }
    if let Some((tone, said)) = &d.goes_out {
        lines.push(paint(ui, *tone, &ui.wrap(&said.render(&card), 2)));
    }
    lines.push(ui.wrap(&d.deadwood.render(&card), 2));
    lines.push(String::new());
}

/// Every discard, with the deadwood left and the chance to go out next,
/// as a table as wide as fits, else a line a discard.
fn discards_table(ui: &Ui, rows: &[DiscardRow], look_two: bool) -> String {
    // The outs of a discard, in lines of at most `most` columns.
    let outs_of = |n: &NextCells, most: usize| {
        let outs = match &n.outs {
            OutsCell::None => return "none".to_string(),
            OutsCell::Any => return "any card".to_string(),
            OutsCell::Cards(outs) => outs,
        };
        let mut lines: Vec<String> = vec![String::new()];
        for c in outs {
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
    // On the last turn no draw follows: a discard and what it leaves.
    let next = rows.iter().any(|r| r.next.is_some());
    let table = |most: usize| {
        let mut t = ui.table();
        let mut header = vec!["Discard", "Left"];
        if next {
            header.extend(["Outs", "Unseen", "Chance"]);
        }
        if look_two {
            header.push("Two draws");
        }
        t.set_header(header);
        for r in rows {
            let mut row = vec![plain_cards(ui, &[r.card]), r.left.to_string()];
            if let Some(n) = &r.next {
                row.extend([outs_of(n, most), n.unseen.to_string(), n.chance.clone()]);
                row.extend(n.two.clone());
            }
            t.add_row(row);
        }
        t.to_string()
    };
    // The outs as wide as fits, from 30 columns down to one card a line;
    // too narrow for the table, a line a discard.
    let layouts = [30, 24, 18, 12, 6, 3].into_iter().map(table).chain(std::iter::once_with(|| {
        rows.iter()
            .map(|r| {
                let next = r.next.as_ref().map(|n| {
                    format!(
                        ", outs {}, {} unseen, {}{}",
                        outs_of(n, usize::MAX),
                        n.unseen,
                        n.chance,
                        n.two.as_ref().map(|c| format!(", {c} in two draws")).unwrap_or_default()
                    )
                });
                ui.wrap(
                    &format!("{}: {} left{}", plain_cards(ui, &[r.card]), r.left, next.unwrap_or_default()),
                    2,
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }));
    ui.first_fitting(layouts)
}

/// Cards without colour: table cells are measured by their characters.
fn plain_cards(ui: &Ui, cards: &[Card]) -> String {
    cards.iter().map(|&c| if ui.unicode { c.symbol() } else { c.ascii() }).collect::<Vec<_>>().join(" ")
}
