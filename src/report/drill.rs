//! A drill's questions, grades and summary: as JSON lines for scripts
//! (docs/drill.md) and as text for the terminal, in 80 columns.

use serde::Serialize;

use crate::app::drill::{Answer, Ask, Graded, Question, Summary};
use crate::ui::Ui;
use three13_core::card::Card;

/// Two decimals: the figures as read, without the float's tail.
fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0 + 0.0
}

fn ascii(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.ascii()).collect()
}

#[derive(Serialize)]
struct PositionLine {
    position: String,
    number: usize,
    game: &'static str,
    round: usize,
    wild: &'static str,
    hand: Vec<String>,
    face_up: Option<String>,
    seen: Vec<String>,
    players: usize,
    turn: usize,
    last_turn: bool,
    /// On the last turn, the melds the player out laid down, and whether
    /// the hand may lay off onto them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    laid_down: Vec<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lay_off: Option<bool>,
    themes: Vec<&'static str>,
    ask: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    drawn: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<&'static str>,
}

/// A question as one JSON line.
pub(crate) fn question_json(q: &Question) -> String {
    let line = PositionLine {
        position: q.id.clone(),
        number: q.number,
        game: q.game,
        round: q.round,
        wild: q.wild.label(),
        hand: ascii(&q.hand),
        face_up: q.face_up.map(Card::ascii),
        seen: ascii(&q.seen),
        players: q.players,
        turn: q.turn,
        last_turn: q.last_turn,
        laid_down: q.laid_down.iter().map(|m| ascii(m)).collect(),
        lay_off: (!q.laid_down.is_empty()).then_some(q.lay_off),
        themes: q.themes.iter().map(|t| t.word()).collect(),
        ask: q.ask.word(),
        drawn: q.drawn.map(Card::ascii),
        from: q.drawn.map(|_| if q.taken { "face_up" } else { "stock" }),
    };
    serde_json::to_string(&line).expect("a question serialises")
}

#[derive(Serialize)]
struct OptionLine {
    option: String,
    mean: f64,
    low: f64,
    high: f64,
}

#[derive(Serialize)]
struct GradeBody {
    position: String,
    ask: &'static str,
    answer: String,
    points_lost: f64,
    best: String,
    options: Vec<OptionLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keeps: Option<Vec<Vec<String>>>,
    /// The figures are exact (the last turn): written only then.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    exact: bool,
}

#[derive(Serialize)]
struct GradeLine {
    grade: GradeBody,
}

fn grade_body(g: &Graded) -> GradeBody {
    GradeBody {
        position: g.id.clone(),
        ask: g.ask.word(),
        answer: g.answer.text(),
        points_lost: round2(g.points_lost),
        best: g.best.text(),
        options: g
            .options
            .iter()
            .map(|f| OptionLine {
                option: f.option.text(),
                mean: round2(f.mean),
                low: round2(f.low),
                high: round2(f.high),
            })
            .collect(),
        keeps: (g.ask == Ask::Discard).then(|| g.keeps.iter().map(|m| ascii(m)).collect()),
        exact: g.exact,
    }
}

/// A grade as one JSON line.
pub(crate) fn grade_json(g: &Graded) -> String {
    serde_json::to_string(&GradeLine { grade: grade_body(g) }).expect("a grade serialises")
}

#[derive(Serialize)]
struct Worst {
    position: String,
    number: usize,
    ask: &'static str,
    answer: String,
    points_lost: f64,
    best: String,
}

#[derive(Serialize)]
struct SummaryBody {
    positions: usize,
    decisions: usize,
    points_lost: f64,
    per_decision: f64,
    worst: Option<Worst>,
    missed: Vec<String>,
    /// Candidates dealt and positions kept of them (0 and 0 in a replay).
    tried: usize,
    kept: usize,
}

#[derive(Serialize)]
struct SummaryLine {
    summary: SummaryBody,
}

fn worst(g: &Graded) -> Worst {
    Worst {
        position: g.id.clone(),
        number: g.number,
        ask: g.ask.word(),
        answer: g.answer.text(),
        points_lost: round2(g.points_lost),
        best: g.best.text(),
    }
}

/// The summary as one JSON line.
pub(crate) fn summary_json(s: &Summary) -> String {
    let line = SummaryLine {
        summary: SummaryBody {
            positions: s.positions,
            decisions: s.decisions,
            points_lost: round2(s.points_lost),
            per_decision: round2(s.per_decision),
            worst: s.worst.as_ref().map(worst),
            missed: s.missed.clone(),
            tried: s.tried,
            kept: s.kept,
        },
    };
    serde_json::to_string(&line).expect("a summary serialises")
}

/// An error about an answer as one JSON line.
pub(crate) fn error_json(e: &crate::error::Error) -> String {
    let mut v = serde_json::json!({ "error": e.message() });
    if let Some(h) = e.hints().first() {
        v["hint"] = serde_json::Value::String(h.clone());
    }
    v.to_string()
}

/// An answer as the terminal shows it.
fn answer_text(ui: &Ui, a: Answer) -> String {
    match a {
        Answer::Take => "take".into(),
        Answer::Draw => "draw".into(),
        Answer::Discard(c) => ui.card(c),
    }
}

/// A question as the terminal shows it, before its prompt.
pub(crate) fn question_text(ui: &Ui, q: &Question, count: Option<usize>) -> String {
    let mut out = String::new();
    if q.ask == Ask::TakeOrDraw {
        let game = if q.game == "five-crowns" { "Five Crowns" } else { "Three Thirteen" };
        let of = count.map(|c| format!(" of {c}")).unwrap_or_default();
        out.push_str(&ui.bold(&format!("Position {}{of}", q.number)));
        out.push_str(&format!(" ({})\n", q.id));
        out.push_str(&format!(
            "  {game} round {}, {} wild, {} players, turn {}\n",
            q.round,
            q.wild.plural(),
            q.players,
            q.turn + 1,
        ));
        if !q.themes.is_empty() {
            let words: Vec<&str> = q.themes.iter().map(|t| t.word()).collect();
            out.push_str(&ui.wrap(&format!("  themes   {}", words.join(", ")), 11));
            out.push('\n');
        }
        if q.last_turn {
            out.push_str("  someone went out: this is the last turn\n");
        }
        if !q.laid_down.is_empty() {
            let melds: Vec<String> = q.laid_down.iter().map(|m| ui.cards(m)).collect();
            let onto = if q.lay_off { "laid down; lay off onto them" } else { "laid down" };
            out.push_str(&ui.wrap(&format!("  table    {} ({onto})", melds.join(" | ")), 11));
            out.push('\n');
        }
        out.push_str(&ui.wrap(&format!("  hand     {}", ui.cards(&q.hand)), 11));
        out.push('\n');
        if let Some(up) = q.face_up {
            out.push_str(&format!("  face up  {}\n", ui.card(up)));
        }
        if !q.seen.is_empty() {
            out.push_str(&ui.wrap(&format!("  seen     {}", ui.cards(&q.seen)), 11));
            out.push('\n');
        }
    } else {
        let drawn = q.drawn.expect("a card drawn before the discard");
        let from = if q.taken { "took the face-up card" } else { "drew from the stock" };
        out.push_str(&format!("  You {from}: {}\n", ui.card(drawn)));
        out.push_str(&ui.wrap(&format!("  hand     {}", ui.cards(&q.hand)), 11));
        out.push('\n');
    }
    out
}

/// The prompt of a question.
pub(crate) fn prompt(q: &Question) -> String {
    match q.ask {
        Ask::TakeOrDraw => "Take the face-up card or draw from the stock (take/draw)".into(),
        Ask::Discard => "Your discard".into(),
    }
}

fn figure(x: f64) -> String {
    format!("{:.2}", round2(x))
}

/// A figure of a grade, as a page shows it: two decimals.
pub(crate) fn page_figure(x: f64) -> String {
    figure(x)
}

/// What an option of a grade is besides its figures: the best, equal to
/// it within the noise, the answer given.
pub(crate) fn tags(g: &Graded, f: &crate::app::drill::Figure) -> Vec<&'static str> {
    let mut tags: Vec<&'static str> = Vec::new();
    if f.option == g.best {
        tags.push("best");
    } else if f.equal {
        tags.push("equal");
    }
    if f.option == g.answer {
        tags.push("your answer");
    }
    tags
}

/// What a right answer is: the best itself, or as good within the noise
/// (the page's words; the terminal's are the same).
pub(crate) fn right_note(g: &Graded) -> &'static str {
    match (g.answer == g.best, g.exact) {
        (true, _) => "the best answer",
        (false, true) => "as good as the best",
        (false, false) => "as good as the best within the noise",
    }
}

/// A grade as the terminal shows it: right or the points lost, the best
/// answer, each option's expected points, the melds the best keeps.
pub(crate) fn grade_text(ui: &Ui, g: &Graded) -> String {
    let mut out = String::new();
    let mine = answer_text(ui, g.answer);
    if g.right() {
        out.push_str(&format!("  {}: {}, nothing lost\n", mine, ui.good(right_note(g))));
    } else {
        out.push_str(&format!(
            "  {}: {} points lost; the best is {}\n",
            mine,
            ui.warn(&figure(g.points_lost)),
            answer_text(ui, g.best)
        ));
    }
    if g.exact {
        out.push_str("  points at the end of the round, exact (the last turn):\n");
    } else {
        out.push_str("  expected points at the end of the round (95% interval):\n");
    }
    for f in &g.options {
        let tags = tags(g, f);
        // Padded by what shows: a card's colour takes no room.
        let pad = " ".repeat(5usize.saturating_sub(f.option.text().len()));
        let interval =
            if g.exact { String::new() } else { format!("  ({} to {})", figure(f.low), figure(f.high)) };
        out.push_str(&format!(
            "    {}{pad} {:>7}{interval}  {}\n",
            answer_text(ui, f.option),
            figure(f.mean),
            tags.join(", "),
        ));
    }
    if !g.keeps.is_empty() {
        let melds: Vec<String> = g.keeps.iter().map(|m| ui.cards(m)).collect();
        out.push_str(&ui.wrap(&format!("  the best keeps: {}", melds.join(" | ")), 4));
        out.push('\n');
    }
    out.lines().map(|l| format!("{}\n", l.trim_end())).collect()
}

/// The summary as the terminal shows it.
pub(crate) fn summary_text(ui: &Ui, s: &Summary) -> String {
    let mut out = format!(
        "{}: {} decision{} over {} position{}, {} points lost, {} per decision\n",
        ui.bold("Summary"),
        s.decisions,
        if s.decisions == 1 { "" } else { "s" },
        s.positions,
        if s.positions == 1 { "" } else { "s" },
        figure(s.points_lost),
        figure(s.per_decision)
    );
    match &s.worst {
        Some(w) => out.push_str(&format!(
            "The worst: position {} ({}), {}:\n  {} lost {} points; the best was {}\n",
            w.number,
            w.id,
            if w.ask == Ask::TakeOrDraw { "take or draw" } else { "the discard" },
            answer_text(ui, w.answer),
            figure(w.points_lost),
            answer_text(ui, w.best)
        )),
        None if s.decisions > 0 => out.push_str("Every answer was the best within the noise.\n"),
        None => {}
    }
    out
}

/// A player's drill record: the rating over time, points lost by theme.
pub(crate) fn history_text(ui: &Ui, h: &crate::app::drill::History) -> String {
    let Some(rating) = h.rating else {
        return format!("{} has no drill attempts yet: `three13 drill --name {}` starts.\n", h.name, h.name);
    };
    let mut out = format!(
        "{}: drill rating {:.0} (deviation {:.0}), {} attempt{}, {} to replay\n",
        ui.bold(&h.name),
        rating,
        h.deviation.unwrap_or(0.0),
        h.attempts.len(),
        if h.attempts.len() == 1 { "" } else { "s" },
        h.missed
    );
    out.push_str("\nRating over time:\n");
    for a in &h.attempts {
        let at = a.at.parse::<jiff::Timestamp>().map_or_else(|_| a.at.clone(), crate::report::local_time);
        out.push_str(&format!(
            "  {at}  {:>5.0} (±{:>3.0})  {:<4}  {}\n",
            a.rating,
            a.deviation,
            if a.won { "won" } else { "lost" },
            a.position
        ));
    }
    out.push_str("\nPoints lost per decision, by theme:\n");
    out.push_str(&format!(
        "  {:<18} {:>9} {:>12} {:>13}\n",
        "theme", "decisions", "points lost", "per decision"
    ));
    for t in &h.themes {
        out.push_str(&format!(
            "  {:<18} {:>9} {:>12} {:>13}\n",
            t.theme,
            t.decisions,
            figure(t.points_lost),
            figure(t.per_decision)
        ));
    }
    out
}

/// Minutes and seconds: `2:05`.
pub(crate) fn clock(d: std::time::Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}
