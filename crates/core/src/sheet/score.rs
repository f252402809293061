//! A score as typed: a number, a sum, `out`, the cards left over or a whole
//! hand, read into the deadwood it counts for.

use std::fmt;

use super::{Session, SheetError, shown};
use crate::card::{Card, Rank};
use crate::hand::{HandError, HandProblem, Token, parse_hand, tokens};
use crate::rules::{Deal, Rules};
use crate::solver::{Solver, Table};

/// One score as typed: its deadwood, how it was typed and, when a hand
/// was typed, the hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Score {
    pub deadwood: u32,
    pub hand: Option<Vec<Card>>,
    pub form: ScoreForm,
}

impl Score {
    /// A number typed.
    pub fn number(deadwood: u32) -> Score {
        Score { deadwood, hand: None, form: ScoreForm::Number }
    }

    /// A score as a round records it: the deadwood, and the hand if one
    /// was typed.
    pub fn recorded(deadwood: u32, hand: Option<Vec<Card>>) -> Score {
        let form = if hand.is_some() { ScoreForm::Hand } else { ScoreForm::Number };
        Score { deadwood, hand, form }
    }

    /// Cards left over, valued under `rules`.
    pub fn leftover(cards: &[Leftover], rules: &Rules) -> Score {
        let valued: Vec<(Leftover, u32)> = cards.iter().map(|&c| (c, c.value(rules))).collect();
        let deadwood = valued.iter().map(|(_, v)| v).sum();
        Score { deadwood, hand: None, form: ScoreForm::Leftover(valued) }
    }

    /// Whether `out` was typed: 0, and the player went out.
    pub fn out(&self) -> bool {
        self.form == ScoreForm::Out
    }
}

/// How a score was typed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ScoreForm {
    /// A number: `12`.
    Number,
    /// Numbers, and cards or ranks at their values, added up: `13+9+4`,
    /// `K+4`, `K + 9 + 4`; each term with its value.
    Sum(Vec<(Term, u32)>),
    /// The cards left over, fewer than the round deals, each with its value:
    /// `K 9 4` or `Kh 9c 4d`.
    Leftover(Vec<(Leftover, u32)>),
    /// A hand of the round's size, solved: the hand is in [`Score::hand`].
    Hand,
    /// `out`: 0, and the player went out.
    Out,
}

/// A card left over, as typed: with its suit or by rank alone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leftover {
    Card(Card),
    Rank(Rank),
}

/// One term of a sum as typed: a number, or a card or rank counted at the
/// rules' value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Term {
    Number,
    Card(Leftover),
}

/// What cards left over score under `rules`.
pub fn leftover_value(cards: &[Leftover], rules: &Rules) -> u32 {
    cards.iter().map(|c| c.value(rules)).sum()
}

/// Cards left over as a file stores them (`K 9 4`, `Kh 9c 4d`), checked
/// against the rules' decks and jokers.
pub fn read_leftover(text: &str, rules: &Rules) -> Result<Vec<Leftover>, HandError> {
    let cards = leftover_cards(text, rules)?;
    if cards.is_empty() {
        return Err(HandError { problem: HandProblem::Empty, source: None });
    }
    Ok(cards)
}

/// The cards of `text`, each a card or a rank alone, checked against the
/// rules' decks and jokers.
fn leftover_cards(text: &str, rules: &Rules) -> Result<Vec<Leftover>, HandError> {
    let mut cards = Vec::new();
    for tok in &tokens(text) {
        let source = Some((text.to_string(), tok.start, tok.len));
        match Card::parse(tok.text) {
            Ok(card) => {
                if card.is_joker() && rules.jokers == 0 {
                    return Err(HandError { problem: HandProblem::JokersNotInPlay, source });
                }
                let held = 1 + cards.iter().filter(|c| **c == Leftover::Card(card)).count();
                let copies = rules.copies(card);
                if held > copies {
                    let problem = HandProblem::TooManyCopies { card, held, copies, decks: rules.decks };
                    return Err(HandError { problem, source });
                }
                cards.push(Leftover::Card(card));
            }
            Err(e) => match Rank::parse(tok.text).filter(|_| tok.text.len() <= 2) {
                Some(rank) => cards.push(Leftover::Rank(rank)),
                None => return Err(HandError { problem: HandProblem::Card(e), source }),
            },
        }
    }
    Ok(cards)
}

impl fmt::Display for Leftover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Leftover::Card(c) => write!(f, "{}", c.ascii()),
            Leftover::Rank(r) => f.write_str(r.label()),
        }
    }
}

impl Session {
    /// Reads one typed score for `seat` in round `round` (from 1); see
    /// [`read_score`] for what may be typed.
    pub fn read_score(
        &self,
        round: usize,
        seat: usize,
        text: &str,
        solver: &mut Solver,
    ) -> Result<Score, SheetError> {
        let deal = self.deal(round).expect("the round is one of the rules");
        if !self.plays(seat, round) {
            return Err(SheetError::NotInRound { player: self.players[seat].clone(), round });
        }
        read_score(&self.rules_of(round), &deal, &self.players[seat], text, solver)
    }
}

pub(super) fn too_high(name: &str, score: impl fmt::Display, deal: &Deal, most: u32) -> SheetError {
    SheetError::ScoreTooHigh {
        player: name.to_string(),
        score: score.to_string(),
        cards: deal.cards,
        round: deal.round,
        most,
    }
}

/// Reads one typed score of round `deal`: a number (`12`, `12,`), a sum
/// (`13+9+4`), `out` (0, and the player went out), the cards left over,
/// fewer than the round deals, by rank or with suits (`K 9 4`, `Kh 9c 4d`),
/// summed at the rules' values, or a hand of the round's size, whose
/// minimum deadwood the solver finds.
pub fn read_score(
    rules: &Rules,
    deal: &Deal,
    name: &str,
    text: &str,
    solver: &mut Solver,
) -> Result<Score, SheetError> {
    let player = || name.to_string();
    let text = text.trim().trim_end_matches(',').trim_end();
    if text.is_empty() {
        return Err(SheetError::NoScore { player: player() });
    }
    let most = rules.max_deadwood(deal.cards);
    if text.eq_ignore_ascii_case("out") {
        return Ok(Score { deadwood: 0, hand: None, form: ScoreForm::Out });
    }
    let numeric =
        text.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || matches!(c, '-' | '+' | '.' | ','))
            && text.chars().any(|c| c.is_ascii_digit());
    if numeric {
        let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
        // `-0` is 0; any other number below 0 is no deadwood.
        if text.starts_with('-') && digits.chars().any(|c| c != '0') {
            return Err(SheetError::NegativeScore { player: player(), text: text.to_string() });
        }
        let parts: Vec<&str> = digits.split('+').map(str::trim).collect();
        if parts.iter().any(|p| p.is_empty() || !p.chars().all(|c| c.is_ascii_digit())) {
            return Err(SheetError::NotWhole { player: player(), text: text.to_string() });
        }
        let mut values = Vec::with_capacity(parts.len());
        let mut sum: u64 = 0;
        for part in &parts {
            let v = part.parse::<u32>().ok().filter(|&v| v <= most);
            let Some(v) = v else { return Err(too_high(name, shown(part), deal, most)) };
            sum += u64::from(v);
            values.push(v);
        }
        if sum > u64::from(most) {
            return Err(too_high(name, sum, deal, most));
        }
        let form = if values.len() == 1 {
            ScoreForm::Number
        } else {
            ScoreForm::Sum(values.into_iter().map(|v| (Term::Number, v)).collect())
        };
        return Ok(Score { deadwood: sum as u32, hand: None, form });
    }
    if text.contains('+') {
        return read_sum(rules, deal, name, text);
    }
    let cards = leftover_cards(text, rules)
        .map_err(|error| SheetError::Hand { player: player(), error: Box::new(error) })?;
    let suited = cards.iter().all(|c| matches!(c, Leftover::Card(_)));
    if cards.len() < deal.cards {
        return Ok(Score::leftover(&cards, rules));
    }
    if !suited && cards.len() == deal.cards {
        return Err(SheetError::NeedsSuits { player: player(), count: cards.len(), round: deal.round });
    }
    let hand = parse_hand(text, rules)
        .map_err(|error| SheetError::Hand { player: player(), error: Box::new(error) })?;
    if hand.len() != deal.cards {
        return Err(SheetError::HandSize {
            player: player(),
            count: hand.len(),
            round: deal.round,
            dealt: deal.cards,
        });
    }
    let deadwood = solver.deadwood(&hand, &Table::new(rules, deal.wild));
    Ok(Score { deadwood, hand: Some(hand), form: ScoreForm::Hand })
}

/// A sum of numbers and cards or ranks (`K+4`, `K + 9 + 4`): each card or
/// rank at the rules' value.
fn read_sum(rules: &Rules, deal: &Deal, name: &str, text: &str) -> Result<Score, SheetError> {
    let most = rules.max_deadwood(deal.cards);
    let mut terms: Vec<(Term, u32)> = Vec::new();
    let mut cards: Vec<Leftover> = Vec::new();
    let mut start = 0;
    for part in text.split('+') {
        let toks = tokens(part);
        if toks.is_empty() {
            return Err(SheetError::NotWhole { player: name.to_string(), text: text.to_string() });
        }
        for tok in toks {
            if tok.text.chars().all(|c| c.is_ascii_digit()) {
                let v = tok.text.parse::<u32>().ok().filter(|&v| v <= most);
                let Some(v) = v else { return Err(too_high(name, shown(tok.text), deal, most)) };
                terms.push((Term::Number, v));
                continue;
            }
            let tok = Token { start: start + tok.start, ..tok };
            let card = leftover(rules, name, text, &tok, &cards)?;
            cards.push(card);
            terms.push((Term::Card(card), card.value(rules)));
        }
        start += part.chars().count() + 1;
    }
    let sum: u64 = terms.iter().map(|&(_, v)| u64::from(v)).sum();
    if sum > u64::from(most) {
        return Err(too_high(name, sum, deal, most));
    }
    Ok(Score { deadwood: sum as u32, hand: None, form: ScoreForm::Sum(terms) })
}

/// One card left over as typed in `text`: a card with its suit, checked
/// against the decks (jokers in play, no more copies than `held` and it
/// make), or a rank alone.
fn leftover(
    rules: &Rules,
    name: &str,
    text: &str,
    tok: &Token<'_>,
    held: &[Leftover],
) -> Result<Leftover, SheetError> {
    let refuse = |problem: HandProblem| {
        let error = HandError { problem, source: Some((text.to_string(), tok.start, tok.len)) };
        SheetError::Hand { player: name.to_string(), error: Box::new(error) }
    };
    match Card::parse(tok.text) {
        Ok(card) => {
            if card.is_joker() && rules.jokers == 0 {
                return Err(refuse(HandProblem::JokersNotInPlay));
            }
            let count = 1 + held.iter().filter(|c| **c == Leftover::Card(card)).count();
            let copies = rules.copies(card);
            if count > copies {
                return Err(refuse(HandProblem::TooManyCopies {
                    card,
                    held: count,
                    copies,
                    decks: rules.decks,
                }));
            }
            Ok(Leftover::Card(card))
        }
        Err(e) => match Rank::parse(tok.text).filter(|_| tok.text.len() <= 2) {
            Some(rank) => Ok(Leftover::Rank(rank)),
            None => Err(refuse(HandProblem::Card(e))),
        },
    }
}

impl Leftover {
    /// What the card scores left over, under `rules`.
    pub fn value(self, rules: &Rules) -> u32 {
        match self {
            Leftover::Card(card) => rules.value(card),
            Leftover::Rank(rank) => rules.rank_value(rank),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::tests::session;

    #[test]
    fn scores_typed() {
        let s = session(&["Ann", "Bob"]);
        let mut solver = Solver::new();
        assert_eq!(s.read_score(1, 0, "9h 4d Kh", &mut solver).unwrap().deadwood, 26);
        assert_eq!(s.read_score(1, 0, "12", &mut solver).unwrap(), Score::number(12));
        let err = |t: &str| s.read_score(1, 0, t, &mut Solver::new()).unwrap_err().to_string();
        assert_eq!(
            err("-3"),
            "Ann's score cannot be negative (-3); a score is the deadwood left in hand, 0 or more"
        );
        assert_eq!(err("40"), "Ann's score 40 is more than 3 cards can hold: at most 39 in round 1");
        assert_eq!(err("1.5"), "Ann's score \"1.5\" is not a whole number");
        assert_eq!(
            err("K 9 4"),
            "Ann's score: 3 cards is a whole hand of round 1, and a hand is solved only with its suits (like Kh 9c 4d); give the suits, or the points as a number"
        );
        // Cards left over (fewer than round 2 deals) hold no more copies than the decks.
        let left = s.read_score(2, 0, "9h 9h 9h", &mut Solver::new()).unwrap_err().to_string();
        assert_eq!(
            left,
            "Ann's hand: the hand holds 3 × 9h, but 2 decks hold only 2\n  9h 9h 9h\n        ^^"
        );
        assert_eq!(
            err("9h 4d Kh 5s"),
            "Ann's hand has 4 cards, but round 1 deals 3; type the hand held at the end of the round"
        );
    }

    #[test]
    fn quick_scores() {
        let s = session(&["Ann", "Bob"]);
        let mut solver = Solver::new();
        let mut read = |round: usize, t: &str| s.read_score(round, 0, t, &mut solver).unwrap();
        assert_eq!(
            read(3, "13+9+4"),
            Score {
                deadwood: 26,
                hand: None,
                form: ScoreForm::Sum(vec![(Term::Number, 13), (Term::Number, 9), (Term::Number, 4)])
            }
        );
        assert_eq!(read(3, "12,").deadwood, 12);
        assert_eq!(read(3, "K 9 4").deadwood, 26);
        assert_eq!(read(3, "Kh 9c 4d").deadwood, 26);
        assert_eq!(
            read(3, "kh, 9").form,
            ScoreForm::Leftover(vec![
                (Leftover::Card("Kh".parse().unwrap()), 13),
                (Leftover::Rank(Rank::new(9).unwrap()), 9),
            ])
        );
        assert!(read(3, "OUT").out());
        assert_eq!(read(1, "Kh 9c 4d").form, ScoreForm::Hand);
        let err = |t: &str| s.read_score(3, 0, t, &mut Solver::new()).unwrap_err().to_string();
        assert_eq!(err("30+40"), "Ann's score 70 is more than 5 cards can hold: at most 65 in round 3");
        assert_eq!(err("3++4"), "Ann's score \"3++4\" is not a whole number");
        assert!(err("K 9x").starts_with("Ann's hand: \"9x\" has no suit \"x\""), "{}", err("K 9x"));
        // A sum may mix numbers with cards or ranks, at the rules' values.
        let king = Term::Card(Leftover::Rank(Rank::KING));
        assert_eq!(read(3, "K+4").form, ScoreForm::Sum(vec![(king, 13), (Term::Number, 4)]));
        assert_eq!(read(3, "K+4").deadwood, 17);
        assert_eq!(read(3, "K + 9 + 4").deadwood, 26);
        assert_eq!(read(3, "Kh+ 9c +a").deadwood, 23);
        assert_eq!(err("K+4x"), "Ann's hand: \"4x\" has no suit \"x\"\n  K+4x\n    ^^");
        assert_eq!(err("K+60"), "Ann's score 73 is more than 5 cards can hold: at most 65 in round 3");
        assert_eq!(err("K++4"), "Ann's score \"K++4\" is not a whole number");
        let tens = Session::new(
            "t",
            vec!["Ann".into(), "Bob".into()],
            0,
            Rules::preset("tens").unwrap(),
            jiff::Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        assert_eq!(tens.read_score(3, 0, "K+4", &mut Solver::new()).unwrap().deadwood, 14);
    }
}
