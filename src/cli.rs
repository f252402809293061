//! The command line: every subcommand, flag and example, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::ui::ColorWhen;

const ABOUT: &str = "Score sheet and exact hand checker for the card game Three Thirteen";

const LONG_ABOUT: &str = "\
Score sheet and exact hand checker for the card game Three Thirteen (3-13).

Keeps the score of a game at a real table (rounds, wild ranks, dealers,
running totals, the winner) in readable TOML files, and checks hands: the
exact minimum deadwood, the melds with what each wild stands for, the best
discard and the cards that would let a hand go out, under the table's own
rule variants.";

const EXAMPLES: &str = "\
Examples:
  three13 check 7d 10c KS QS 5c 4h JD     check a hand (round inferred)
  three13 new --player Ann --player Bob   start a game
  three13 round 12 0                      record a round, in seat order
  three13 table                           the running score table";

#[derive(Debug, Parser)]
#[command(
    name = "three13",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = EXAMPLES,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,

    /// Write cards in ASCII (7d 10c Ks) even on a terminal
    #[arg(long, global = true)]
    pub ascii: bool,

    /// The data folder [default: THREE13_DATA_DIR, else the system's data folder]
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Check(CheckArgs),
}

/// The rules to play by: a preset, then settings on top.
#[derive(Debug, Args, Clone, Default)]
pub struct RulesArgs {
    /// Start from a preset: standard, tens or strict [default: the session's rules, else standard]
    #[arg(long = "rules", value_name = "PRESET")]
    pub preset: Option<String>,

    /// Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

const CHECK_EXAMPLES: &str = "\
Examples:
  three13 check 7d 10c KS QS 5c 4h JD           round 5 is inferred from 7 cards
  three13 check --round 11 Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As
  three13 check --wild 7 \"7d, 10c, KS, QS, 5c, 4h, JD, 8s\"
  three13 check --rules tens --set ace_high=true Qh Kh Ah 9c 9d
  three13 check --set lay_off=true --onto \"5h 6h 7h\" 8h 9c 9d 9s 4h Kd
  printf '9h 4d Kh\\n3d 3c 3h\\n' | three13 check --json";

/// Check a hand: minimum deadwood, melds, best discard, outs
#[derive(Debug, Args)]
#[command(
    long_about = "Check a hand: its exact minimum deadwood, the melds with what each wild \
stands for, whether it can go out, the best discard (for a hand holding the card just \
drawn) or the cards that would let it go out (for a hand of the round's size).\n\n\
Cards are written rank then suit: ranks A 2-10 J Q K (T for ten), suits c d h s or \
♣ ♦ ♥ ♠, any case; jokers as *, JK or joker when the rules have them. With no cards \
on the command line, hands are read from stdin, one per line (blank lines and # \
comments skipped).",
    after_help = CHECK_EXAMPLES
)]
pub struct CheckArgs {
    /// The cards of the hand (one quoted argument or several)
    #[arg(value_name = "CARDS")]
    pub cards: Vec<String>,

    /// The round the hand is from [default: inferred from the number of cards]
    #[arg(long, value_name = "N", conflicts_with = "wild")]
    pub round: Option<usize>,

    /// The round's wild rank (A 2-10 J Q K), which picks the round
    #[arg(long, value_name = "RANK")]
    pub wild: Option<String>,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// A meld already on the table, to lay cards off onto (repeatable; with lay_off=true)
    #[arg(long, value_name = "MELD")]
    pub onto: Vec<String>,

    /// One JSON object per hand
    #[arg(long)]
    pub json: bool,
}
