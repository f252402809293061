//! Checking a hand, as every face asks for it: the session and rules it is
//! checked under, the round (named, the session's next, or from the number
//! of cards), the cards parsed and their copies counted, the table melds,
//! the analysis, and a declared hand's verdicts: one [`Checked`].

use three13_core::analysis::{Analysis, Ask, analyse_with};
use three13_core::card::{Card, Rank};
use three13_core::declared::{Declared, judge_hand};
use three13_core::hand::{
    HandError, HandProblem, check_copies, check_size, infer_deal, parse_cards, parse_declared,
};
use three13_core::rules::{Deal, Rules};
use three13_core::sheet::Session;
use three13_core::solver::{Solver, Table};

use crate::error::{Error, Result};
use crate::store::Store;

/// Where the rules a hand is checked under came from.
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
    /// The session the rules are from, if any.
    pub(crate) fn session(&self) -> Option<&str> {
        match self {
            RulesFrom::Given => None,
            RulesFrom::Session(name) | RulesFrom::SessionWith(name) => Some(name),
        }
    }
}

/// What a hand is checked against: the rules, and what else lies outside
/// the stock (the table melds of --onto, the cards seen of --seen), the
/// face-up card and how far to look.
#[derive(Debug)]
pub(crate) struct Conditions {
    pub(crate) rules: Rules,
    pub(crate) from: RulesFrom,
    pub(crate) onto: Vec<Vec<Card>>,
    pub(crate) seen: Vec<Card>,
    pub(crate) ask: Ask,
}

impl Conditions {
    /// A session's rules as they are, nothing on the table, nothing seen.
    pub(crate) fn of_session(session: &Session) -> Conditions {
        Conditions {
            rules: session.rules(),
            from: RulesFrom::Session(session.name().to_string()),
            onto: Vec::new(),
            seen: Vec::new(),
            ask: Ask::default(),
        }
    }

    /// The cards seen out of the stock: --seen and the face-up card.
    pub(crate) fn known(&self) -> Vec<Card> {
        self.seen.iter().copied().chain(self.ask.upcard).collect()
    }

    /// The table melds, each parsed under the rules, which must let cards
    /// be laid off. `texts` as typed (`5h 6h 7h`).
    pub(crate) fn table_melds(rules: &Rules, texts: &[String]) -> Result<Vec<Vec<Card>>> {
        if !texts.is_empty() && !rules.lay_off() {
            return Err(Error::data(
                "--onto needs laying off allowed: add --set lay_off=true or --rules strict",
            )
            .with_hint("on a last turn without laying off, --points --last weighs it, the cards laid down given with --seen"));
        }
        texts
            .iter()
            .map(|m| {
                parse_cards(m, rules)
                    .map_err(|e| Error::data(format!("in the table meld --onto \"{m}\": {e}")))
            })
            .collect()
    }

    /// The cards of every text, parsed under the rules.
    pub(crate) fn seen_cards(rules: &Rules, texts: &[String]) -> Result<Vec<Card>> {
        let mut seen = Vec::new();
        for text in texts {
            seen.extend(parse_cards(text, rules).map_err(|e| Error::data(format!("in --seen: {e}")))?);
        }
        Ok(seen)
    }

    /// The face-up card, one card.
    pub(crate) fn upcard(rules: &Rules, text: Option<&str>) -> Result<Option<Card>> {
        let Some(text) = text else { return Ok(None) };
        let cards = parse_cards(text, rules).map_err(|e| Error::data(format!("in --upcard: {e}")))?;
        match cards[..] {
            [card] => Ok(Some(card)),
            _ => Err(Error::usage(format!("--upcard takes one card, not {}", cards.len()))),
        }
    }

    /// Refuses table melds and seen cards that hold more copies of a card
    /// than the decks do.
    pub(crate) fn check_copies(&self) -> Result<()> {
        check_copies(&self.rules, &[], &self.onto, &self.known())?;
        Ok(())
    }
}

/// Why a session was left aside: the hand is checked without it.
#[derive(Debug)]
pub(crate) enum Aside {
    /// The file naming the current session cannot be read.
    NoCurrent(Error),
    /// The current session's file does not load.
    DoesNotLoad(Error),
}

/// The session a hand is most likely from: the one named, else the current
/// one, unless a preset replaces its rules. A session named must load; the
/// current one is left aside, with the reason, when it or the file naming
/// it is damaged: a hand is checked as well without it, and the person is
/// told what is wrong.
pub(crate) fn session(
    store: Result<Store>,
    named: Option<&str>,
    preset: bool,
) -> Result<(Option<Session>, Option<Aside>)> {
    match (named, preset) {
        (Some(name), _) => {
            let store = store?;
            let name = store.find(name)?;
            Ok((Some(store.load(&name)?), None))
        }
        (None, true) => Ok((None, None)),
        (None, false) => {
            // No data folder at all: no session, nothing to say.
            let Ok(store) = store else { return Ok((None, None)) };
            let name = match store.current() {
                Ok(Some(name)) => name,
                Ok(None) => return Ok((None, None)),
                Err(e) => return Ok((None, Some(Aside::NoCurrent(e)))),
            };
            match store.load(&name) {
                Ok(s) => Ok((Some(s), None)),
                Err(e) => Ok((None, Some(Aside::DoesNotLoad(e)))),
            }
        }
    }
}

/// The deal of round `n`: the session's (its tiebreaker round too, when
/// its rules play one), else the rules'.
pub(crate) fn round(n: usize, rules: &Rules, session: Option<&Session>) -> Result<Deal> {
    let deal = match session {
        Some(s) => s.deal(n),
        None => rules.deal(n),
    };
    deal.ok_or_else(|| {
        Error::data(format!("there is no round {n}; these rules play rounds 1 to {}", rules.deals().len()))
    })
}

/// The deal whose wild rank is `rank`.
pub(crate) fn round_wild(rank: Rank, rules: &Rules) -> Result<Deal> {
    let deals = rules.deals();
    match deals.iter().find(|d| d.wild == rank) {
        Some(d) => Ok(*d),
        None => {
            let wilds: Vec<String> = deals.iter().map(|d| d.wild.to_string()).collect();
            Err(Error::data(format!(
                "no round has {} wild under these rules; the wild ranks are {}",
                rank.plural(),
                wilds.join(" ")
            )))
        }
    }
}

/// The round a session's hand is checked in when none is named: the next
/// round of the session, else its last.
pub(crate) fn next_or_last(session: &Session) -> Deal {
    session
        .next_deal()
        .or_else(|| session.rules().deals().last().copied())
        .expect("the rules play at least one round")
}

/// How the round of a hand is chosen: the one named, else the session's
/// next while the hand's size fits it, else from the number of cards.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Pick {
    pub(crate) named: Option<Deal>,
    pub(crate) next: Option<Deal>,
}

impl Pick {
    /// The session's next round, for a hand under `rules`: while the rules
    /// are the session's, or deal that round as well.
    pub(crate) fn with_next(named: Option<Deal>, session: Option<&Session>, rules: &Rules) -> Pick {
        let next = session
            .and_then(|s| s.next_deal().filter(|d| s.rules() == *rules || rules.deal(d.round) == Some(*d)));
        Pick { named, next }
    }
}

/// How the round of a hand was chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Chosen {
    /// Named (--round, --wild, the page's round).
    Named,
    /// The next round of the session, which the hand's size fits.
    Session,
    /// From the number of cards.
    Inferred,
}

/// One hand checked: the analysis, a declared hand's verdicts, and how its
/// round was chosen.
#[derive(Debug)]
pub(crate) struct Checked {
    pub(crate) analysis: Analysis,
    pub(crate) declared: Option<Declared>,
    pub(crate) chosen: Chosen,
}

/// Checks one hand, typed as cards or as groups between `|`.
pub(crate) fn check(solver: &mut Solver, text: &str, under: &Conditions, pick: Pick) -> Result<Checked> {
    let rules = &under.rules;
    let (cards, groups) = parse_declared(text, rules)?;
    check_copies(rules, &cards, &under.onto, &under.known())?;
    let fits = |d: &Deal| cards.len() == d.cards || cards.len() == d.cards + 1;
    let (deal, chosen) = match pick {
        Pick { named: Some(d), .. } => {
            check_size(&cards, &d)?;
            (d, Chosen::Named)
        }
        Pick { next: Some(d), .. } if fits(&d) => (d, Chosen::Session),
        _ => match infer_deal(cards.len(), rules) {
            Some(d) => (d, Chosen::Inferred),
            None => {
                return Err(
                    HandError { problem: HandProblem::NoRound { count: cards.len() }, source: None }.into()
                );
            }
        },
    };
    if let Some(up) = under.ask.upcard
        && cards.len() != deal.cards
    {
        return Err(Error::data(format!(
            "--upcard {up} weighs a hand before the draw: give the round's {} cards, not {}",
            deal.cards,
            cards.len()
        )));
    }
    let table = Table::new(rules, deal.wild).with_onto(under.onto.clone())?;
    // A person waits on this hand: its discards may take both cores.
    let analysis = analyse_with(solver, &cards, &deal, &table, &under.seen, under.ask);
    let declared = groups.map(|g| judge_hand(&g, &table, &analysis));
    Ok(Checked { analysis, declared, chosen })
}
