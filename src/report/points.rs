//! `check --points`: each option's expected points at the end of the
//! round, worked out by the use case (`app::points`), as text and as the
//! fields it adds to the check's JSON.

use std::io::Write;

use serde_json::{Value, json};

use crate::app::check::Checked;
use crate::app::points::Points;
use crate::error::Result;
use crate::text::display_width;
use crate::ui::Ui;
use three13_core::analysis::Choice;
use three13_core::play::stats::Interval;
use three13_core::play::{Estimate, Move};

fn interval(i: &Interval) -> Value {
    let three = |x: f64| (x * 1000.0).round() / 1000.0;
    json!({ "mean": three(i.mean), "low": three(i.low), "high": three(i.high) })
}

fn negated(i: &Interval) -> Interval {
    Interval { mean: -i.mean, low: -i.high, high: -i.low }
}

impl Points {
    /// The last turn, after another player went out: each option's points
    /// worked out exactly, not played out.
    fn exact(&self) -> bool {
        self.estimates.iter().all(Estimate::is_exact)
    }

    /// The deals played: those of the option played most.
    fn deals(&self) -> usize {
        self.estimates.iter().map(|e| e.deals).max().unwrap_or(0)
    }

    fn of(&self, option: Move) -> Option<&Estimate> {
        self.estimates.iter().find(|e| e.option == option)
    }

    /// Taking less drawing, paired: negative, taking scores fewer.
    fn take_less_draw(&self) -> Option<Interval> {
        let take = self.of(Move::Take(true))?;
        let draw = self.of(Move::Take(false))?;
        Some(if take.greedy { negated(&draw.vs_greedy) } else { take.vs_greedy })
    }

    /// Take, draw or equal, by points.
    fn advice(&self) -> Option<&'static str> {
        let d = self.take_less_draw()?;
        Some(if d.high < 0.0 {
            "take"
        } else if d.low > 0.0 {
            "draw"
        } else {
            "equal"
        })
    }

    /// The option with the fewest points expected.
    fn best(&self) -> &Estimate {
        self.estimates
            .iter()
            .filter(|e| !e.dropped)
            .min_by(|a, b| a.points.mean.total_cmp(&b.points.mean))
            .expect("an option")
    }

    /// Adds the points to the check's JSON: on each discard (with its
    /// difference from the best, its deals and whether it was dropped), on
    /// taking and drawing (and taking less drawing), and the advice in
    /// points: what the text says.
    pub(crate) fn add_to(&self, report: &str) -> String {
        let mut v: Value = serde_json::from_str(report).expect("the check's JSON");
        if let Some(discards) = v.get_mut("discards").and_then(Value::as_array_mut) {
            for d in discards {
                let card = d.get("card").and_then(Value::as_str).unwrap_or_default().to_string();
                if let Some(e) =
                    self.estimates.iter().find(|e| matches!(e.option, Move::Discard(c) if c.ascii() == card))
                {
                    d["points"] = interval(&e.points);
                    d["points_beside_best"] = interval(&e.vs_best);
                    d["deals"] = json!(e.deals);
                    d["dropped"] = json!(e.dropped);
                }
            }
        }
        if let Some(up) = v.get_mut("upcard").filter(|u| u.is_object()) {
            if let Some(e) = self.of(Move::Take(true)) {
                up["take"]["points"] = interval(&e.points);
            }
            if let Some(e) = self.of(Move::Take(false)) {
                up["draw"]["points"] = interval(&e.points);
            }
            if let Some(d) = self.take_less_draw() {
                up["take_less_draw"] = interval(&d);
            }
            if let Some(advice) = self.advice() {
                up["advice_points"] = json!(advice);
            }
        }
        v["points_of"] = json!({
            "players": self.ask.players,
            "turn": self.ask.turn,
            "seed": self.ask.seed,
            "budget": self.ask.budget,
            "within": self.ask.within,
            "deals": self.deals(),
        });
        // Only the last turn's points are exact; the others are estimates.
        if self.exact() {
            v["points_of"]["exact"] = json!(true);
        }
        v.to_string()
    }

    /// The points as text, after the check's report.
    pub(crate) fn print(&self, ui: &mut Ui, checked: &Checked) -> Result<()> {
        let a = &checked.analysis;
        // Half an interval in a sentence, in parentheses; a figure of no
        // width has none.
        let pm = |i: &Interval| if self.exact() { String::new() } else { format!(" (±{:.1})", i.half()) };
        // A figure with its interval, in a table.
        let num = |i: &Interval| match self.exact() {
            true => format!("{:.2}", i.mean),
            false => format!("{:.2} ± {:.2}", i.mean, i.half()),
        };
        let signed = |i: &Interval| match self.exact() {
            true => format!("{:+.2}", i.mean),
            false => format!("{:+.2} ± {:.2}", i.mean, i.half()),
        };
        let mut lines = if self.exact() {
            vec![
                String::new(),
                ui.bold("In points at the end of the round, exact (the last turn):"),
                // Drawing is weighed only before the draw.
                ui.wrap(
                    if self.estimates.iter().any(|e| e.option == Move::Take(false)) {
                        "  the deadwood of the hand kept; drawing, every unseen card as likely"
                    } else {
                        "  the deadwood of the hand kept"
                    },
                    4,
                ),
            ]
        } else {
            vec![
                String::new(),
                ui.bold("In points at the end of the round, with 95% intervals:"),
                ui.wrap(
                    &format!(
                        "  {} players, after {} turns, seed {}: {} deals (within ±{} or {} at most)",
                        self.ask.players,
                        self.ask.turn,
                        self.ask.seed,
                        self.deals(),
                        self.ask.within,
                        self.ask.budget
                    ),
                    4,
                ),
            ]
        };
        if let (Some(u), Some(d)) = (&a.upcard, self.take_less_draw()) {
            let card = ui.card(u.card);
            let take = self.of(Move::Take(true)).expect("taking");
            let draw = self.of(Move::Take(false)).expect("drawing");
            lines.push(match self.advice() {
                Some("take") => format!("take {card}: {:.1} points better{}", -d.mean, pm(&d)),
                Some("draw") => format!("draw: {:.1} points better than taking {card}{}", d.mean, pm(&d)),
                _ if self.exact() => format!("take {card} or draw: equal"),
                _ => format!(
                    "take {card} or draw: equal within the noise ({:+.1} points for taking, ±{:.1})",
                    d.mean,
                    d.half()
                ),
            });
            lines.push(format!("  take {} points, draw {}", num(&take.points), num(&draw.points)));
            let chance = match u.advice {
                Choice::Take => "take",
                Choice::Draw => "draw",
            };
            if let Some(p) = self.advice().filter(|&p| p != "equal" && p != chance) {
                lines.push(format!(
                    "Points and chance disagree: by the chance to go out, {chance}; in points, {p}."
                ));
            }
        } else if let Some(u) = &a.upcard {
            // One way to draw only: no card left unseen, or no face-up card.
            for (option, what) in [(true, "take"), (false, "draw")] {
                if let Some(e) = self.of(Move::Take(option)) {
                    let card = if option { format!(" {}", ui.card(u.card)) } else { String::new() };
                    lines.push(format!("{what}{card}: the only way to draw, {} points", num(&e.points)));
                }
            }
        } else {
            let best = self.best();
            let mut sorted: Vec<&Estimate> = self.estimates.iter().collect();
            sorted.sort_by(|x, y| x.dropped.cmp(&y.dropped).then(x.points.mean.total_cmp(&y.points.mean)));
            lines.push(format!("  {:<8} {:>15}  {}", "discard", "points", "beside the best"));
            for e in sorted {
                let Move::Discard(c) = e.option else { continue };
                let beside = if e.option == best.option {
                    "best".to_string()
                } else if e.dropped {
                    format!("{}, dropped after {} deals", signed(&e.vs_best), e.deals)
                } else if e.vs_best.holds_zero() {
                    format!("{}, equal", signed(&e.vs_best))
                } else {
                    signed(&e.vs_best)
                };
                let pts = num(&e.points);
                // Padded by what shows: a card's colour takes no room.
                let card = ui.card(c);
                let pad = " ".repeat(8usize.saturating_sub(display_width(&card)));
                lines.push(format!("  {card}{pad} {:>15}  {beside}", pts));
            }
            if let Some(advised) = &a.best_discard
                && let Some(e) = self.of(Move::Discard(advised.card))
                && e.option != best.option
                && e.vs_best.low > 0.0
                && let Move::Discard(b) = best.option
            {
                lines.push(format!(
                    "Points and chance disagree: discarding {} scores {:.1} points fewer than the advised {}{}.",
                    ui.card(b),
                    e.vs_best.mean,
                    ui.card(advised.card),
                    pm(&e.vs_best)
                ));
            }
        }
        for l in lines {
            writeln!(ui.out, "{l}")?;
        }
        Ok(())
    }
}
