//! The score sheet: the running table in the layout that fits, the
//! standings, the key, how the game ended or what comes next; and the same
//! figures for scripts (`table --json`, `export --format json`, and the
//! session after every change).

use std::fmt::Write as _;
use std::io::Write;

use comfy_table::{CellAlignment, Table};

use super::Named;
use super::sheet::{Cell, Ending, NextView, SheetView, Standing};
use crate::error::Result;
use crate::text::display_width;
use crate::ui::Ui;
use three13_core::card::Rank;
use three13_core::rules::Rules;
use three13_core::sheet::{Playoff, Scoreboard, Session, Start};

/// The table for scripts: `three13 table --json` and `three13 export --format json`.
#[derive(Debug, serde::Serialize)]
pub(crate) struct TableJson {
    pub(crate) session: String,
    /// The rules' short name: a preset, or `standard` and what differs;
    /// then each change from a round on (`; from round 7: face_cards=ten`).
    pub(crate) rules_summary: String,
    /// The rules in force now: for the next round.
    pub(crate) rules: Rules,
    /// The rules changed from a round on: the round, what changed and
    /// every setting from it.
    pub(crate) rule_changes: Vec<RuleChangeJson>,
    /// In seat order.
    pub(crate) players: Vec<String>,
    pub(crate) rounds: Vec<RoundJson>,
    /// The totals that players who joined late started from.
    pub(crate) starting_totals: Named<i32>,
    /// Where each of those came from: "highest", "average" or "lowest",
    /// worked out from the sheet, or "given".
    pub(crate) start_from: Named<&'static str>,
    /// Players who left the game: out of the standings.
    pub(crate) left: Vec<String>,
    pub(crate) totals: Named<i32>,
    /// The lowest totals so far (none before round 1).
    pub(crate) leaders: Vec<String>,
    pub(crate) finished: bool,
    /// Once finished: first place, after any tiebreak.
    pub(crate) winners: Vec<String>,
    /// Each player's place: by total, then by the tiebreak; ties share.
    /// Players who left have none.
    pub(crate) places: Named<usize>,
    /// Best place first: place, player, total, behind the leader, rounds out.
    pub(crate) standings: Vec<Standing>,
    /// How far the one player with the lowest total leads the next.
    pub(crate) margin: Option<i32>,
    /// The tiebreak setting and, once played, how the tie was broken.
    pub(crate) tiebreak: TiebreakJson,
    /// The round to play next, until the game is over.
    pub(crate) next: Option<NextView>,
}

#[derive(Debug, serde::Serialize)]
pub(crate) struct RuleChangeJson {
    pub(crate) from: usize,
    /// The settings that changed, as KEY=VALUE.
    pub(crate) changes: Vec<String>,
    pub(crate) rules: Rules,
}

#[derive(Debug, serde::Serialize)]
pub(crate) struct TiebreakJson {
    /// The rules' setting: share, round or draw.
    pub(crate) rule: &'static str,
    /// The players tied for the win at the end, if any.
    pub(crate) tied: Vec<String>,
    /// The tiebreaker round's deadwood, once played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) round: Option<Named<u32>>,
    /// The tiebreaker round's typed hands, in ASCII.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) hands: Option<Named<String>>,
    /// The draws, first to last: each drawing player's card, in ASCII.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) draws: Option<Vec<Named<String>>>,
    /// The players who draw next, while a draw is due.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) drawing: Vec<String>,
}

#[derive(Debug, serde::Serialize)]
pub(crate) struct RoundJson {
    pub(crate) round: usize,
    pub(crate) cards: usize,
    pub(crate) wild: Rank,
    /// Every wild of the round: `3`, `3 +K`, `K +JK`.
    pub(crate) wilds: String,
    pub(crate) doubled: bool,
    /// The rules the round was played under, as a summary (`standard,
    /// face_cards=ten`): `rules` at the top gives those of now.
    pub(crate) rules: String,
    pub(crate) dealer: String,
    /// The points that count: the deadwood after the rules' bonuses,
    /// doubling and penalties.
    pub(crate) scores: Named<i32>,
    /// Each player's deadwood as recorded.
    pub(crate) deadwood: Named<u32>,
    /// Each player's total after this round.
    pub(crate) totals: Named<i32>,
    pub(crate) out: Option<String>,
    pub(crate) penalties: Vec<String>,
    /// The hands typed, in ASCII.
    pub(crate) hands: Named<String>,
    /// The players away from the round, between leaving and coming back:
    /// what the round scored for them by their rule for rounds missed
    /// (counted in their totals, not in `scores`).
    #[serde(skip_serializing_if = "Named::is_empty")]
    pub(crate) away: Named<i32>,
}

impl TableJson {
    pub(crate) fn new(s: &Session) -> TableJson {
        let names = |seats: &[usize]| seats.iter().map(|&i| s.players()[i].clone()).collect::<Vec<_>>();
        let named = |values: &[i32]| Named(s.players().iter().cloned().zip(values.iter().copied()).collect());
        let board = s.scoreboard();
        let view = SheetView::new(s);
        // A round's scores name only the players of that round.
        let in_round = |round: usize, values: &[i32]| {
            Named(s.playing(round).into_iter().map(|p| (s.players()[p].clone(), values[p])).collect())
        };
        let rounds = s
            .rounds()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let deal = s.deal(i + 1).expect("a recorded round is one of the rules");
                let rules = s.rules_of(deal.round);
                RoundJson {
                    round: deal.round,
                    cards: deal.cards,
                    wild: deal.wild,
                    wilds: rules.wilds(deal.wild).short(),
                    doubled: rules.doubles(deal.wild),
                    rules: rules.summary(),
                    dealer: s.players()[s.dealer(deal.round)].clone(),
                    scores: in_round(deal.round, board.points(i)),
                    deadwood: Named(
                        s.playing(deal.round)
                            .into_iter()
                            .map(|p| (s.players()[p].clone(), r.deadwood[p]))
                            .collect(),
                    ),
                    totals: in_round(deal.round, board.running(i)),
                    out: r.out.map(|o| s.players()[o].clone()),
                    penalties: names(&r.penalties),
                    away: Named(
                        (0..s.players().len())
                            .filter(|&p| s.seats()[p].missed_round(deal.round))
                            .map(|p| (s.players()[p].clone(), board.points(i)[p]))
                            .collect(),
                    ),
                    hands: Named(
                        s.players()
                            .iter()
                            .zip(&r.hands)
                            .filter_map(|(p, h)| {
                                let cards: Vec<String> = h.as_ref()?.iter().map(|c| c.ascii()).collect();
                                Some((p.clone(), cards.join(" ")))
                            })
                            .collect(),
                    ),
                }
            })
            .collect();
        TableJson {
            session: view.session,
            rules_summary: view.rules_summary,
            rules: s.rules(),
            rule_changes: s
                .rules_timeline()
                .windows(2)
                .map(|pair| RuleChangeJson {
                    from: pair[1].0,
                    changes: pair[1].1.changes_from(&pair[0].1),
                    rules: pair[1].1,
                })
                .collect(),
            players: view.players,
            rounds,
            starting_totals: Named(
                s.players()
                    .iter()
                    .zip(s.seats())
                    .zip(board.starts())
                    .filter(|((_, seat), _)| seat.late())
                    .map(|((p, _), n)| (p.clone(), *n))
                    .collect(),
            ),
            start_from: Named(
                s.players()
                    .iter()
                    .zip(s.seats())
                    .filter(|(_, seat)| seat.late())
                    .map(|(p, seat)| (p.clone(), super::start_word(seat.start)))
                    .collect(),
            ),
            left: (0..s.players().len())
                .filter(|&p| s.seats()[p].left.is_some())
                .map(|p| s.players()[p].clone())
                .collect(),
            totals: named(&view.totals),
            leaders: names(board.leaders()),
            finished: view.finished,
            winners: names(&board.winners()),
            places: Named(
                s.active()
                    .into_iter()
                    .map(|seat| (s.players()[seat].clone(), board.places()[seat]))
                    .collect(),
            ),
            standings: view.standings,
            margin: board.margin(),
            tiebreak: TiebreakJson {
                rule: s.rules().tiebreak().word(),
                tied: names(&s.tied()),
                round: match s.playoff() {
                    Some(Playoff::Round(sc)) => Some(Named(
                        sc.iter().map(|(seat, x)| (s.players()[*seat].clone(), x.deadwood)).collect(),
                    )),
                    _ => None,
                },
                hands: match s.playoff() {
                    Some(Playoff::Round(sc)) => Some(Named(
                        sc.iter()
                            .filter_map(|(seat, x)| {
                                let cards: Vec<String> = x.hand.as_ref()?.iter().map(|c| c.ascii()).collect();
                                Some((s.players()[*seat].clone(), cards.join(" ")))
                            })
                            .collect(),
                    )),
                    _ => None,
                },
                draws: match s.playoff() {
                    Some(Playoff::Draws(d)) => Some(
                        d.iter()
                            .map(|draw| {
                                Named(
                                    draw.iter()
                                        .map(|(seat, c)| (s.players()[*seat].clone(), c.ascii()))
                                        .collect(),
                                )
                            })
                            .collect(),
                    ),
                    _ => None,
                },
                drawing: if s.draw_due() { names(&s.drawing()) } else { Vec::new() },
            },
            next: view.next,
        }
    }
}

/// The table for people, after every change: the layout that fits.
pub(crate) fn print(ui: &mut Ui, s: &Session) -> Result<()> {
    print_layout(ui, s, false)
}

/// The table, the standings, the key, and what comes next or how the game
/// ended; `wide` forces the full layout whatever the width.
pub(crate) fn print_layout(ui: &mut Ui, s: &Session, wide: bool) -> Result<()> {
    let board = s.scoreboard();
    let heading = ui.wrap(&format!("Session {} (rules: {})", s.name(), s.rules_summary()), 2);
    writeln!(ui.out, "{}", ui.bold(&heading))?;
    let view = SheetView::new(s);
    let sheet = Sheet { s, board: &board, view: &view, unicode: ui.unicode };
    let table = if wide { sheet.full(ui) } else { ui.first_fitting(sheet.layouts(ui)) };
    writeln!(ui.out, "{table}")?;
    if !s.rounds().is_empty() {
        writeln!(ui.out, "\n{}", standings(ui, &view))?;
    }
    let gone: Vec<String> = (0..s.players().len())
        .filter_map(|p| s.seats()[p].left.map(|after| format!("{} after round {after}", s.players()[p])))
        .collect();
    if !gone.is_empty() {
        writeln!(ui.out, "{}", ui.wrap(&format!("Left the game: {}", gone.join(", ")), 0))?;
    }
    if let Some(line) = joined_line(s, &board) {
        writeln!(ui.out, "{}", ui.wrap(&line, 0))?;
    }
    for line in worded(ui, s, &view.ending) {
        writeln!(ui.out, "{line}")?;
    }
    Ok(())
}

/// Where the starting totals worked out by a rule came from: "Joined late:
/// Rose from 24, the highest total after round 3" (a number given needs no
/// word).
pub(crate) fn joined_line(s: &Session, board: &Scoreboard) -> Option<String> {
    let late: Vec<String> = (0..s.players().len())
        .filter(|&p| matches!(s.seats()[p].start, Start::Rule(_)))
        .map(|p| format!("{} from {}", s.players()[p], super::start_origin(s, p, board.starts()[p])))
        .collect();
    (!late.is_empty()).then(|| format!("Joined late: {}", late.join("; ")))
}

/// Once the round or draw just recorded ends the game, the command for a
/// rematch (the same players and rules, the deal one seat on), as a note on
/// stderr: the table on stdout stays the table.
pub(crate) fn rematch(ui: &mut Ui, s: &Session) -> Result<()> {
    if s.scoreboard().finished() {
        ui.note(&format!(
            "rematch? three13 new --like {} starts one with the same players and rules",
            s.name()
        ));
    }
    Ok(())
}

/// The standings: place (ties share one), player, total, how far behind
/// the leader, rounds gone out first.
pub(crate) fn standings(ui: &Ui, view: &SheetView) -> String {
    let rows = |names: &[String], narrow: bool| {
        let mut t = ui.table();
        t.set_header(if narrow {
            vec!["#", "Player", "Total", "Back", "Out"]
        } else {
            vec!["Place", "Player", "Total", "Behind", "Out"]
        });
        for st in &view.standings {
            t.add_row(vec![
                st.place.to_string(),
                names[st.seat].clone(),
                st.total.to_string(),
                st.behind.to_string(),
                st.rounds_out.to_string(),
            ]);
        }
        for col in [0, 2, 3, 4] {
            right(&mut t, col);
        }
        let mut out = t.to_string();
        if narrow {
            out.push('\n');
            out.push_str(
                &ui.wrap("# = place; Back = points behind the leader; Out = rounds gone out first", 0),
            );
        }
        out
    };
    let forms = super::shortened(&view.players);
    let wide = forms.iter().map(|names| rows(names, false));
    let narrow = forms.iter().map(|names| rows(names, true));
    ui.first_fitting(wide.chain(narrow))
}

fn right(t: &mut Table, col: usize) {
    if let Some(c) = t.column_mut(col) {
        c.set_cell_alignment(CellAlignment::Right);
    }
}

/// What a session's table is made from.
struct Sheet<'a> {
    s: &'a Session,
    board: &'a Scoreboard,
    view: &'a SheetView,
    unicode: bool,
}

impl Sheet<'_> {
    fn penalties(&self) -> bool {
        self.s.rules_timeline().iter().any(|(_, r)| r.bad_go_out_penalty() > 0)
            || self.s.rounds().iter().any(|r| !r.penalties.is_empty())
    }

    /// Whether a player joined late with a starting total: a Start row or
    /// column shows it.
    fn starts(&self) -> bool {
        self.view.starts.iter().any(Option::is_some)
    }

    /// The starting total of the player at `seat`, blank for one who
    /// started the game with the others at 0.
    fn start(&self, seat: usize) -> String {
        self.view.starts[seat].map(|n| n.to_string()).unwrap_or_default()
    }

    /// Whether a tiebreaker round has a row or column: due or played.
    fn tiebreak_shown(&self) -> bool {
        self.view.tie.is_some()
    }

    /// The tiebreaker round's deadwood for `seat`, once played.
    fn tiebreak_score(&self, seat: usize) -> Option<(u32, bool)> {
        self.view.tie.as_ref().and_then(|tie| tie.scores[seat])
    }

    /// `26#`: the points of round `i` for `seat`, marked when typed as a
    /// hand, and in the compact layouts when out first or penalised.
    /// Blank for a player who was not at the table for the round.
    fn cell(&self, i: usize, seat: usize, compact: bool) -> String {
        self.view.rows[i].cells[seat].map(|c| c.text(compact)).unwrap_or_default()
    }

    /// `35#^2`: the points of the rounds before round `from` + 1 (from 0)
    /// for `seat`, together, with each mark of those rounds followed by
    /// how many had it, when more than one. Blank for a player who played
    /// none of them.
    fn folded(&self, from: usize, seat: usize) -> String {
        let cells: Vec<Cell> = self.view.rows[..from].iter().filter_map(|r| r.cells[seat]).collect();
        if cells.is_empty() {
            return String::new();
        }
        let mut text = cells.iter().map(|c| c.points).sum::<i32>().to_string();
        let count = |has: fn(&Cell) -> bool| cells.iter().filter(|c| has(c)).count();
        let counts = [
            ('#', count(|c| c.typed)),
            ('^', count(|c| c.out)),
            ('!', count(|c| c.penalty)),
            ('~', count(|c| c.away)),
        ];
        for (mark, count) in counts {
            match count {
                0 => {}
                1 => text.push(mark),
                n => {
                    let _ = write!(text, "{mark}{n}");
                }
            }
        }
        text
    }

    /// The seat of the player who deals the next round, while one is to come.
    fn next_dealer(&self) -> Option<usize> {
        self.s.next_deal().map(|d| self.s.dealer(d.round))
    }

    /// Every layout, widest first; the last always fits the narrowest screen.
    fn layouts<'b>(&'b self, ui: &'b Ui) -> impl Iterator<Item = String> + 'b {
        let played = self.s.rounds().len();
        let forms = super::shortened(self.s.players());
        let full = std::iter::once_with(move || self.full(ui));
        // Every round, the names as whole as fits; then only the recent
        // rounds, the earlier ones summed in one column.
        // (Folding one round alone would be no narrower than showing it.)
        let by_player = (0..played.max(1))
            .filter(|&from| from != 1)
            .flat_map(move |from| (0..forms.len()).map(move |form| (from, form)))
            .map(move |(from, form)| self.by_player(ui, from, &super::shortened(self.s.players())[form]));
        full.chain(by_player)
    }

    /// One row per round of the rules: cards, wilds, dealer, each player's
    /// points and running total, who went out.
    fn full(&self, ui: &Ui) -> String {
        let s = self.s;
        let penalties = self.penalties();
        let doubling = s.rules_timeline().iter().any(|(_, r)| r.double_last_rounds());
        let mut t = ui.table();
        let mut header: Vec<String> = ["Round", "Cards", "Wild"].map(String::from).to_vec();
        if doubling {
            header.push("Points".into());
        }
        header.push("Dealer".into());
        header.extend(s.players().iter().cloned());
        header.push("Out".into());
        if penalties {
            header.push("Penalty".into());
        }
        let n = s.players().len();
        t.set_header(header);
        let blanks = 3 + usize::from(doubling);
        // Players who joined late start from a total of their own.
        if self.starts() {
            let mut row = vec!["Start".to_string()];
            row.extend(std::iter::repeat_n(String::new(), blanks));
            row.extend((0..n).map(|p| self.start(p)));
            t.add_row(row);
        }
        for r in &self.view.rows {
            let mut row = vec![r.round.to_string(), r.cards.to_string(), r.wilds.clone()];
            if doubling {
                row.push(if r.doubled { "doubled".into() } else { String::new() });
            }
            row.push(r.dealer.clone());
            if r.played {
                row.extend(r.cells.iter().map(|cell| {
                    cell.map(|c| format!("{} ({})", c.text(false), c.running)).unwrap_or_default()
                }));
                row.push(r.out.clone().unwrap_or_default());
                if penalties {
                    row.push(r.penalties.join(", "));
                }
            } else {
                row.extend(std::iter::repeat_n(String::new(), n + 1 + usize::from(penalties)));
            }
            t.add_row(row);
        }
        let mut totals = vec!["Total".to_string()];
        totals.extend(std::iter::repeat_n(String::new(), blanks));
        totals.extend(self.board.totals().iter().map(i32::to_string));
        t.add_row(totals);
        if let Some(tie) = &self.view.tie {
            let mut row = vec!["Tie".to_string(), tie.cards.to_string(), tie.wilds.clone()];
            row.extend(std::iter::repeat_n(String::new(), blanks - 2));
            row.extend((0..n).map(|p| self.tiebreak_score(p).map(|(d, h)| mark(d, h)).unwrap_or_default()));
            t.add_row(row);
        }
        for col in (blanks + 1..blanks + 1 + n).chain([0, 1]) {
            right(&mut t, col);
        }
        let mut out = t.to_string();
        let key = self.key(ui, false, self.starts(), &[]);
        if !key.is_empty() {
            out.push('\n');
            out.push_str(&key);
        }
        out
    }

    /// One row per player: the starting totals of players who joined late,
    /// the points of each round from `from` (from 0; the rounds before
    /// together in one column), the tiebreaker, the total. `names` are the
    /// names as shown (shortened, with a key below); the dealer of the next
    /// round is marked.
    fn by_player(&self, ui: &Ui, from: usize, names: &[String]) -> String {
        let s = self.s;
        let played = s.rounds().len();
        let mut t = ui.table();
        let mut header = vec!["Player".to_string()];
        let starts = self.starts();
        if starts {
            header.push("Start".into());
        }
        if from > 0 {
            header.push(header_of(from));
        }
        header.extend((from..played).map(|i| (i + 1).to_string()));
        let tiebreak = self.tiebreak_shown();
        if tiebreak {
            header.push("Tie".into());
        }
        header.push("Total".into());
        t.set_header(header);
        let dealer = self.next_dealer();
        for (seat, name) in names.iter().enumerate() {
            let mut row = vec![if dealer == Some(seat) { format!("{name}*") } else { name.clone() }];
            if starts {
                row.push(self.start(seat));
            }
            if from > 0 {
                row.push(self.folded(from, seat));
            }
            row.extend((from..played).map(|i| self.cell(i, seat, true)));
            if tiebreak {
                row.push(self.tiebreak_score(seat).map(|(d, h)| mark(d, h)).unwrap_or_default());
            }
            row.push(self.board.totals()[seat].to_string());
            t.add_row(row);
        }
        // Who dealt each round shown, by the shortest start of a name that
        // no other player's name shares.
        if played > from {
            let short = initials(s.players());
            let mut row = vec!["Dealer".to_string()];
            row.extend(std::iter::repeat_n(String::new(), usize::from(starts) + usize::from(from > 0)));
            row.extend((from..played).map(|i| short[s.dealer(i + 1)].clone()));
            row.extend(std::iter::repeat_n(String::new(), usize::from(tiebreak) + 1));
            t.add_row(row);
        }
        let columns =
            1 + usize::from(starts) + usize::from(from > 0) + (played - from) + usize::from(tiebreak) + 1;
        for col in 1..columns {
            right(&mut t, col);
        }
        let mut out = t.to_string();
        out.push('\n');
        let keyed: Vec<(String, String)> = names
            .iter()
            .zip(s.players())
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (a.clone(), b.clone()))
            .collect();
        out.push_str(&self.key(ui, true, starts, &keyed));
        if from > 0 {
            let rounds =
                if from == 1 { "round 1".to_string() } else { format!("rounds 1 to {from} added up") };
            let line = format!(
                "Column {}: {rounds}; a mark there with a number counts its rounds (^2: went out first twice)",
                header_of(from),
            );
            let _ = write!(out, "\n{}", ui.wrap(&line, 8));
        }
        out
    }

    /// The one-line key to the cells and marks in use (wrapped only when
    /// the screen is narrower than it), and the names shortened.
    fn key(&self, ui: &Ui, compact: bool, starts: bool, names: &[(String, String)]) -> String {
        let s = self.s;
        let mut parts = Vec::new();
        if !compact && !s.rounds().is_empty() {
            parts.push("12 (40) = points in the round (running total)".to_string());
        } else if compact {
            parts.push("points per round".to_string());
        }
        if s.rounds().iter().any(|r| r.hands.iter().any(Option::is_some))
            || matches!(s.playoff(), Some(Playoff::Round(sc)) if sc.iter().any(|(_, x)| x.hand.is_some()))
        {
            parts.push("# a typed hand (three13 show ROUND)".into());
        }
        if compact && s.rounds().iter().any(|r| r.out.is_some()) {
            parts.push("^ went out first".into());
        }
        if compact && s.rounds().iter().any(|r| !r.penalties.is_empty()) {
            parts.push("! bad go-out".into());
        }
        if starts {
            parts.push("Start = total of a player who joined late".into());
        }
        if self.view.away {
            parts.push("~ a round missed, scored by the rule for it".into());
        }
        if compact && s.next_deal().is_some() {
            parts.push("* deals next".into());
        }
        if self.tiebreak_shown() {
            parts.push(
                if compact {
                    "Tie = the tiebreaker round"
                } else {
                    "Tie = the tiebreaker round, deadwood only"
                }
                .into(),
            );
        }
        let doubled: Vec<usize> =
            s.deals().iter().filter(|d| s.rules_of(d.round).doubles(d.wild)).map(|d| d.round).collect();
        if !doubled.is_empty() {
            parts.push(format!("{} doubled", rounds_text(&doubled)));
        }
        // Where the rules changed, and how.
        for pair in s.rules_timeline().windows(2) {
            let (from, rules) = pair[1];
            parts.push(format!("rules from round {from}: {}", rules.changes_from(&pair[0].1).join(", ")));
        }
        let _ = self.unicode;
        // What a line holds after the key's indent: nothing kept together
        // is wider.
        let room = ui.width.map_or(usize::MAX, |w| w.saturating_sub(7));
        let parts: Vec<String> = parts.iter().map(|p| kept_together(p, room)).collect();
        let mut out =
            if parts.is_empty() { String::new() } else { ui.wrap(&format!("Key: {}", parts.join("; ")), 5) };
        if !names.is_empty() {
            let pairs: Vec<String> = names
                .iter()
                .map(|(a, b)| format!("{a} = {b}"))
                .map(|p| if display_width(&p) < room { p.replace(' ', NO_BREAK) } else { p })
                .collect();
            out.push('\n');
            out.push_str(&ui.wrap(&format!("Names: {}", pairs.join(", ")), 7));
        }
        out.replace(NO_BREAK, " ")
    }
}

/// A space the key's lines never break at, made a plain space once wrapped.
const NO_BREAK: &str = "\u{a0}";

/// A part of the key with its mark kept beside its meaning: a short part
/// whole (`! bad go-out`), a longer one with the mark and the first word
/// of the meaning together (`Start = total`), and a command whole.
fn kept_together(part: &str, room: usize) -> String {
    if display_width(part) <= 24.min(room) {
        return part.replace(' ', NO_BREAK);
    }
    if room < 24 {
        return part.to_string();
    }
    let mut out = String::with_capacity(part.len());
    let mut words = part.split(' ').peekable();
    let mut glued: usize = 0;
    let mut in_command = false;
    let mut first = true;
    while let Some(word) = words.next() {
        if !first {
            out.push_str(if glued > 0 || in_command { NO_BREAK } else { " " });
            glued = glued.saturating_sub(1);
        }
        first = false;
        out.push_str(word);
        // A mark (one sign, or a word before `=`) holds on to the first two
        // words of its meaning.
        let mark = word.chars().count() == 1 && !word.chars().all(char::is_alphanumeric);
        if out.len() == word.len() && (mark || words.peek() == Some(&"=")) {
            glued = 2;
        }
        if word.starts_with("(three13") {
            in_command = true;
        }
        if word.ends_with(')') {
            in_command = false;
        }
    }
    out
}

/// Rounds in words: `round 9`, `rounds 9-11`, `rounds 9, 11`.
fn rounds_text(rounds: &[usize]) -> String {
    match rounds {
        [one] => format!("round {one}"),
        [first, .., last] if last - first + 1 == rounds.len() => format!("rounds {first}-{last}"),
        many => {
            let shown: Vec<String> = many.iter().map(usize::to_string).collect();
            format!("rounds {}", shown.join(", "))
        }
    }
}

/// The heading of the column of rounds before `from` (from 0).
fn header_of(from: usize) -> String {
    if from == 1 { "1".into() } else { format!("1-{from}") }
}

/// A tiebreaker score, `#` marking a typed hand.
fn mark(deadwood: u32, typed: bool) -> String {
    if typed { format!("{deadwood}#") } else { deadwood.to_string() }
}

/// What comes next, or how the game ended: the view's ending worded,
/// then the round to play next.
pub(crate) fn ending(ui: &Ui, s: &Session, board: &Scoreboard) -> Vec<String> {
    worded(ui, s, &super::sheet::ending(s, board))
}

/// An ending's lines as the terminal sets them, then the round to play
/// next where one is to come.
fn worded(ui: &Ui, s: &Session, ending: &Ending) -> Vec<String> {
    let mut lines: Vec<String> = ending
        .lines(&|c| ui.card(c))
        .into_iter()
        .map(|line| {
            let text = ui.wrap(&line.text, line.hang);
            if line.good { ui.good(&text) } else { text }
        })
        .collect();
    if let (false, Some(next)) = (ending.over() || matches!(ending, Ending::DrawDue { .. }), s.next_deal()) {
        lines.push(ui.wrap(&next_line(s, next.round), 6));
    }
    lines
}

/// `Next: round 4, 6 cards, sixes wild, Cy deals, Dee plays first; 8
/// rounds left`: the rounds left count the next one (`the last round`).
pub(crate) fn next_line(s: &Session, round: usize) -> String {
    let deal = s.deal(round).expect("a round of the rules");
    let rules = s.rules_of(round);
    let doubled = if rules.doubles(deal.wild) { " (scores double)" } else { "" };
    let (which, left) = if s.tiebreak_round().is_some() {
        ("the tiebreaker round".to_string(), String::new())
    } else {
        let left = match s.deals().len().saturating_sub(deal.round) + 1 {
            1 => "; the last round".to_string(),
            n => format!("; {n} rounds left"),
        };
        (format!("round {}", deal.round), left)
    };
    format!(
        "Next: {which}, {} cards, {} wild, {} deals, {} plays first{doubled}{left}",
        deal.cards,
        rules.wilds(deal.wild),
        s.players()[s.dealer(deal.round)],
        s.players()[s.first_player(deal.round)]
    )
}

/// Each name as the dealer row gives it: its shortest start that no
/// other name begins with (without regard to case), `A`, `Bo`, `Br`; a
/// start longer than three letters as its first letter and the one that
/// tells it apart (`Co` for Christopher beside Christina), unless two
/// names would then read alike; a name that begins another, whole.
fn initials(names: &[String]) -> Vec<String> {
    let unique: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let chars: Vec<char> = name.chars().collect();
            (1..=chars.len())
                .map(|n| chars[..n].iter().collect::<String>())
                .find(|start| {
                    let start = start.to_lowercase();
                    names
                        .iter()
                        .enumerate()
                        .all(|(j, other)| j == i || !other.to_lowercase().starts_with(&start))
                })
                .unwrap_or_else(|| name.clone())
        })
        .collect();
    let short: Vec<String> = unique
        .iter()
        .map(|start| {
            let chars: Vec<char> = start.chars().collect();
            match chars.as_slice() {
                [first, .., last] if chars.len() > 3 => format!("{first}{last}"),
                _ => start.clone(),
            }
        })
        .collect();
    let alike = short.iter().enumerate().any(|(i, a)| short[..i].iter().any(|b| a.eq_ignore_ascii_case(b)));
    if alike { unique } else { short }
}
