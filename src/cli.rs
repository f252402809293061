//! The command line: every subcommand, flag and example, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use three13_core::sheet::{Missed, Start, StartRule};

use crate::complete::{self, ArgValueCandidates, ArgValueCompleter};

use crate::text::{display_width, wrap_to};
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
  three13 table                           the running score table
  three13                                 the current game at a glance";

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
pub(crate) struct Cli {
    /// With no command: the current game at a glance
    #[command(subcommand)]
    pub(crate) command: Option<Command>,

    /// When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub(crate) color: ColorWhen,

    /// Write cards in ASCII (7d 10c Ks) even on a terminal
    #[arg(long, global = true)]
    pub(crate) ascii: bool,

    /// The data folder [default: THREE13_DATA_DIR, else the system's data folder]
    #[arg(long, global = true, value_name = "DIR")]
    pub(crate) data_dir: Option<PathBuf>,
}

/// The subcommands that show no cards, where `--ascii` does nothing.
const NO_CARDS: [&str; 12] = [
    "new",
    "sessions",
    "use",
    "delete",
    "rules",
    "stats",
    "export",
    "path",
    "serve",
    "completions",
    "log",
    "sim",
];

/// The command line, with each global flag shown only where it acts: a
/// hidden copy of the flag in a subcommand keeps clap from showing the
/// global one there (and still accepts it, doing nothing). The copy takes
/// its values as the flag does, since clap hands the value on to [`Cli`].
pub(crate) fn command() -> clap::Command {
    let mut cmd = <Cli as clap::CommandFactory>::command();
    let hidden = |id: &str| {
        let flag = cmd.get_arguments().find(|a| a.get_id() == id).expect("a global flag");
        flag.clone().global(false).hide(true)
    };
    let (ascii, color, data_dir) = (hidden("ascii"), hidden("color"), hidden("data_dir"));
    for name in NO_CARDS {
        cmd = cmd.mut_subcommand(name, |sub| sub.arg(ascii.clone()));
    }
    cmd.mut_subcommand("completions", |sub| sub.arg(color).arg(data_dir)).mut_subcommand("new", |sub| {
        sub.mut_arg("preset", |a| {
            a.help("Start from a preset: standard, tens, strict or five-crowns [default: standard]")
        })
    })
}

/// The width the help is written for: the widest a help page grows.
const HELP_WIDTH: usize = 100;

/// The port `three13 serve` listens on unless told: 3-13.
pub(crate) const DEFAULT_PORT: u16 = 8313;

/// The command line as `three13` parses it, its help written for the
/// width it is read at: the terminal's, else COLUMNS, at most
/// [`HELP_WIDTH`]. clap wraps the text there, and each subcommand's
/// usage and examples are laid out anew where they would not fit. Its
/// messages are coloured as `color` says.
pub(crate) fn command_for_help(color: clap::ColorChoice) -> clap::Command {
    let width = crate::ui::stdout_width().unwrap_or(HELP_WIDTH).min(HELP_WIDTH);
    let mut cmd = command().term_width(width).color(color);
    // Built, so that each subcommand's usage names its whole command line.
    cmd.build();
    fit_help(cmd, width)
}

/// `cmd` and its subcommands, with the usage and the examples of each that
/// do not fit `width` laid out for it (clap wraps the rest itself).
fn fit_help(mut cmd: clap::Command, width: usize) -> clap::Command {
    let usage = cmd.render_usage().to_string();
    if display_width(&usage) > width
        && let Some(wrapped) = wrap_to(&usage, USAGE.len(), width).strip_prefix(USAGE)
    {
        cmd = cmd.override_usage(wrapped.to_string());
    }
    if let Some(help) = cmd.get_after_help().map(ToString::to_string)
        && help.lines().any(|line| display_width(line) > width)
    {
        cmd = cmd.after_help(examples_at(&help, width));
    }
    let names: Vec<String> = cmd.get_subcommands().map(|sub| sub.get_name().to_string()).collect();
    for name in names {
        cmd = cmd.mut_subcommand(name, |sub| fit_help(sub, width));
    }
    cmd
}

/// How clap begins a usage.
const USAGE: &str = "Usage: ";

/// The spaces between an example's command and what it shows beside it
/// (two at least tell them apart, for the man pages too).
const EXAMPLE_GAP: usize = 3;

/// The examples of a help's `Examples:` text (each command indented, what
/// it shows beside it after two spaces or more, or on the lines below,
/// indented further) laid out for `width`: beside the command where the
/// pair fits, those beside their commands lined up; else on a line of its
/// own, indented. A command too long for the line goes on indented.
pub(crate) fn examples_at(help: &str, width: usize) -> String {
    let mut examples: Vec<(String, String)> = Vec::new();
    let mut base = None;
    for line in help.lines().skip_while(|l| l.trim() != "Examples:").skip(1) {
        let text = line.trim();
        let indent = line.len() - line.trim_start().len();
        if text.is_empty() || indent == 0 {
            continue;
        }
        match examples.last_mut() {
            Some((_, shows)) if indent > *base.get_or_insert(indent) => {
                if !shows.is_empty() {
                    shows.push(' ');
                }
                shows.push_str(text);
            }
            _ => {
                base.get_or_insert(indent);
                let (command, shows) = text.split_once("  ").unwrap_or((text, ""));
                examples.push((command.trim().to_string(), shows.trim().to_string()));
            }
        }
    }
    // The column of the descriptions beside their commands: the one that
    // has the most beside theirs, the nearest of those; each other
    // description goes below its command.
    let least = |i: usize| 2 + display_width(&examples[i].0) + EXAMPLE_GAP;
    let beside_at = |column: usize| -> Vec<usize> {
        (0..examples.len())
            .filter(|&i| least(i) <= column && column + display_width(&examples[i].1) <= width)
            .collect()
    };
    let column = (0..examples.len())
        .map(least)
        .min_by_key(|&column| (std::cmp::Reverse(beside_at(column).len()), column))
        .unwrap_or(0);
    let beside = beside_at(column);
    let mut out = vec!["Examples:".to_string()];
    for (i, (command, shows)) in examples.iter().enumerate() {
        if beside.contains(&i) {
            let pad = column - 2 - display_width(command);
            out.push(format!("  {command}{}{shows}", " ".repeat(pad)));
        } else {
            out.push(wrap_to(&format!("  {command}"), 4, width));
            if !shows.is_empty() {
                out.push(wrap_to(&format!("      {shows}"), 6, width));
            }
        }
    }
    out.join("\n")
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    Check(CheckArgs),
    New(NewArgs),
    Round(RoundArgs),
    Table(TableArgs),
    Show(ShowArgs),
    Chart(ChartArgs),
    Undo(UndoArgs),
    Log(LogArgs),
    Draw(DrawArgs),
    Edit(EditArgs),
    #[command(subcommand)]
    Player(PlayerCommand),
    Sessions(SessionsArgs),
    Use(UseArgs),
    Delete(DeleteArgs),
    Rules(RulesShowArgs),
    Stats(StatsArgs),
    League(LeagueArgs),
    Export(ExportArgs),
    Path(PathArgs),
    Serve(ServeArgs),
    Sim(SimArgs),
    Drill(DrillArgs),
    Completions(CompletionsArgs),
}

/// Which session a command acts on.
#[derive(Debug, Args, Clone, Default)]
pub(crate) struct SessionArg {
    /// The session to act on [default: the current one]
    #[arg(long, short = 's', value_name = "NAME", add = ArgValueCandidates::new(complete::sessions))]
    pub(crate) session: Option<String>,
}

/// The rules to play by: a preset, then settings on top.
#[derive(Debug, Args, Clone, Default)]
pub(crate) struct RulesArgs {
    /// Start from a preset: standard, tens, strict or five-crowns [default: the current session's rules, else standard]
    #[arg(long = "rules", value_name = "PRESET", add = ArgValueCandidates::new(complete::presets))]
    pub(crate) preset: Option<String>,

    /// Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)
    #[arg(long = "set", value_name = "KEY=VALUE", add = ArgValueCompleter::new(complete::setting))]
    pub(crate) set: Vec<String>,
}

const CHECK_EXAMPLES: &str = "\
Examples:
  three13 check 7d 10c KS QS 5c 4h JD
      the current game's next round if 7 cards fit it, else round 5 (sevens wild)
  three13 check --round 11 Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As
      after the draw: the hand laid down after the best discard, then every
      discard with the deadwood left and the chance to go out on the next draw
  three13 check --round 11 --seen \"4h 6h Jc\" Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As
      the same, knowing 4h 6h Jc lie in the discard pile: they are not drawn next
  three13 check --round 11 --upcard 9h Ks Kd Kh 2h 3h 5h 9c 9d 10s Jh Qd Ac As
      before the draw: take the face-up 9h or draw from the stock, with each one's chance
  three13 check --round 8 --look 2 3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c
      each discard's chance to go out within the next two draws as well
  three13 check --round 11 \"2h 3h Kc 5h | 9c 9d Kd | Qd Kh Ks | Jh 10s Ac As\"
      a dispute: each group as laid down judged, and whether a better arrangement existed
  three13 check --session friday 9h 4d Kh 3c
      the rules and the next round of session friday
  three13 check --wild 7 \"7d, 10c, KS, QS, 5c, 4h, JD, 8s\"
      name the round by its wild rank; commas are fine, one quoted argument too
  three13 check --rules tens --set ace_high=true Qh Kh Ah 9c 9d
      house rules: J Q K worth 10 and an ace above the king, so Qh Kh Ah is a run
  three13 check --rules five-crowns 7r 8r 9h JK Kc Qd 7d
      a hand of Five Crowns: the stars as r, jokers at 50, a wild left over at 20
  three13 check --set lay_off=true --onto \"5h 6h 7h\" 8h 9c 9d 9s 4h Kd
      a final turn after someone went out: 4h and 8h go onto the 5h 6h 7h on the table
  three13 check --round 11 --points --upcard 9h Ks Kd Kh 2h 3h 5h 9c 9d 10s Jh Qd Ac As
      take or draw in points at the end of the round, 4 players, with 95% intervals
  three13 check --points --last --seen \"5h 6h 7h 8c 8d 8s\" --upcard 3c 9c 9d 9s 4h Kd 8h
      the last turn, someone out with 5h 6h 7h 8c 8d 8s laid down: exact points
  printf '9h 4d Kh\\n3d 3c 3h\\n' | three13 check --json
      one hand per line from stdin, one JSON object per hand";

/// Check a hand: minimum deadwood, melds, best discard, outs, a declared hand judged
#[derive(Debug, Args)]
#[command(
    long_about = "Check a hand: its exact minimum deadwood, the melds with what each wild \
stands for, and whether it can go out.\n\n\
A hand of the round's size gets its outs: the cards that would let it go out on the next \
draw, with the copies still unseen and the chance that the next card is one. A hand \
holding the card just drawn (one card more) gets the hand laid down after the advised \
discard (least deadwood left, then the best chance to go out next), then every discard \
with the deadwood left, its outs and its chance; --look 2 adds each discard's chance to \
go out within the next two draws. Unseen cards are the decks in play less the hand, the \
table melds (--onto), the cards given with --seen and the face-up card.\n\n\
With table melds (--onto), or --last, someone went out and this is the hand's last \
turn. Before the draw, the outs are of the one draw left, and --upcard weighs taking \
and drawing by the deadwood each leaves; after it no draw follows, so each discard is \
judged by the deadwood it leaves, which is what it scores, without outs.\n\n\
--upcard CARD, with a hand of the round's size, weighs taking the face-up card against \
drawing from the stock: the chance to go out this turn or the next either way, then \
the deadwood expected. The card taken is not discarded again (unless the hand holds \
another copy, or the rules have throw_back=true).\n\n\
--points gives each option (each discard, or taking and drawing) its expected points \
at the end of the round, played out many times from the hand with the unseen cards \
dealt at random and every player keeping the least deadwood, with 95% intervals, \
until each option's difference from the best is known within --within points (or on \
--budget deals an option); options clearly worse are dropped early, and options within \
the noise are equal (docs/points.md). With table melds (--onto) someone went out and this \
is the last turn: each option's points are worked out exactly, the deadwood of the hand \
kept (drawing: over every unseen card alike), with no deals. Where the rules do not let \
cards be laid off, --last says it is the last turn, the cards laid down given with --seen.\n\n\
A hand typed with \"|\" between groups is a declared arrangement: each group is judged \
as a meld, or not and why, and the least deadwood is given beside it.\n\n\
Cards are written rank then suit: ranks A 2-10 J Q K (T for ten), suits c d h s or \
♣ ♦ ♥ ♠, any case, and in Five Crowns (--rules five-crowns: ranks 3 to K) the stars \
as r, ★ or ☆; jokers as *, JK or joker when the rules have them. With no cards \
on the command line, hands are read from stdin, one per line (blank lines and # \
comments skipped).",
    after_help = CHECK_EXAMPLES
)]
pub(crate) struct CheckArgs {
    /// The cards of the hand (one quoted argument or several; | between declared groups)
    #[arg(value_name = "CARDS")]
    pub(crate) cards: Vec<String>,

    /// The round the hand is from [default: inferred from the number of cards]
    #[arg(long, value_name = "N", conflicts_with = "wild")]
    pub(crate) round: Option<usize>,

    /// The round's wild rank (A 2-10 J Q K), which picks the round
    #[arg(long, value_name = "RANK")]
    pub(crate) wild: Option<String>,

    /// Use this session's rules and next round [default: the current session's, unless --rules names a preset]
    #[arg(
        long,
        short = 's',
        value_name = "NAME",
        conflicts_with = "preset",
        add = ArgValueCandidates::new(complete::sessions)
    )]
    pub(crate) session: Option<String>,

    #[command(flatten)]
    pub(crate) rules: RulesArgs,

    /// A meld already on the table, to lay cards off onto (repeatable; with lay_off=true)
    #[arg(long, value_name = "MELD")]
    pub(crate) onto: Vec<String>,

    /// Cards seen out of the stock: the discard pile, melds shown by others (repeatable)
    #[arg(long, value_name = "CARDS")]
    pub(crate) seen: Vec<String>,

    /// The face-up card: whether to take it or draw from the stock (a hand of the round's size)
    #[arg(long, value_name = "CARD")]
    pub(crate) upcard: Option<String>,

    /// How many draws ahead to weigh each discard: 2 adds the chance to go out within two draws
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=2))]
    pub(crate) look: Option<u8>,

    /// Each discard's (or taking's and drawing's) expected points at the end of the round
    #[arg(long)]
    pub(crate) points: bool,

    /// With --points: the players at the table [default: the session's, else 4]
    #[arg(long, value_name = "N", requires = "points", value_parser = clap::value_parser!(u16).range(2..=20))]
    pub(crate) players: Option<u16>,

    /// With --points: the turns already played in the round [default: 0, the first]
    #[arg(long, value_name = "N", requires = "points", default_value_t = 0)]
    pub(crate) turn: usize,

    /// With --points: the seed the rollouts' deals are drawn from
    #[arg(long, value_name = "S", requires = "points", default_value_t = 1)]
    pub(crate) seed: u64,

    /// Someone went out and this is the hand's last turn (table melds of --onto say so too): no draw follows; give the cards they laid down with --seen
    #[arg(long)]
    pub(crate) last: bool,

    /// With --points: the most deals each option is played out on
    #[arg(long, value_name = "K", requires = "points", default_value_t = 5000)]
    pub(crate) budget: usize,

    /// With --points: deal until each option's difference from the best is known within ±P points
    #[arg(long, value_name = "P", requires = "points", default_value_t = 0.5, value_parser = within)]
    pub(crate) within: f64,

    /// One JSON object per hand
    #[arg(long)]
    pub(crate) json: bool,
}

const SIM_EXAMPLES: &str = "\
Examples:
  three13 sim --players 4 --deals 2000 --round 11 --policy greedy --against random --seed 1
      what careless play costs in round 11: seat 0 greedy, then random, on the same deals
  three13 sim --policy chance --against greedy --deals 500 --seed 7
      the checker's advice against greedy play in every round of a game
  three13 sim --round 3 --policy coach --against greedy --budget 100 --deals 200 --seed 3
      the points coach, 100 deals an option for each decision, in round 3
  three13 sim --rules five-crowns --players 6 --round 1 --policy random --against greedy --seed 2
      Five Crowns with six players
  three13 sim --round 5 --policy greedy --against greedy --deals 10 --seed 1 --log games.jsonl
      every deal and turn as JSON lines, to replay and check elsewhere
  three13 sim --round 11 --policy coach --against greedy --deals 100 --seed 5 --json
      the means and differences as JSON";

/// Play rounds out and measure what a way of playing is worth in points
#[derive(Debug, Args)]
#[command(
    long_about = "Play rounds out and measure what a way of playing is worth in points.\n\n\
Each deal is played twice: seat 0 plays --policy and the other seats --against, then \
seat 0 plays --against as well, on the same cards (a paired comparison). For each \
round it prints seat 0's mean points at the end of the round either way and the mean \
of the paired differences, each with its 95% interval; a negative difference means \
--policy scores fewer points. With --round only that round is played, else every \
round of a game. The dealer moves one seat with each deal, so seat 0 plays from \
every place at the table alike.\n\n\
Policies: random (takes the face-up card one time in two, discards any card), \
greedy (takes the face-up card when it lowers the least deadwood, discards the card \
leaving least), draw (greedy, but never takes the face-up card), chance (the advice of `three13 check`: the better chance to go out), \
coach (greedy's move unless rollouts of --budget deals an option show another \
better beyond the noise; see docs/points.md).\n\n\
The same --seed plays the same games on any number of cores. --log FILE writes \
every deal, turn and end as JSON lines (docs/sim-log.md).",
    after_help = SIM_EXAMPLES
)]
pub(crate) struct SimArgs {
    #[command(flatten)]
    pub(crate) rules: RulesArgs,

    /// Players at the table, 2 or more
    #[arg(long, value_name = "P", default_value_t = 4, value_parser = clap::value_parser!(u16).range(2..=20))]
    pub(crate) players: u16,

    /// Deals played for each round (each twice: --policy, then --against)
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) deals: u32,

    /// Play this round only [default: every round of a game]
    #[arg(long, value_name = "R")]
    pub(crate) round: Option<usize>,

    /// Seat 0's policy: random, greedy, draw, chance or coach
    #[arg(long, value_name = "A", value_enum)]
    pub(crate) policy: PolicyName,

    /// The other seats' policy, and seat 0's on the second pass
    #[arg(long, value_name = "B", value_enum)]
    pub(crate) against: PolicyName,

    /// The seed every deal and choice is drawn from
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,

    /// The coach's deals an option for each decision
    #[arg(long, value_name = "K", default_value_t = 200)]
    pub(crate) budget: usize,

    /// Means and differences as JSON
    #[arg(long)]
    pub(crate) json: bool,

    /// Write every deal, turn and end as JSON lines to FILE
    #[arg(long, value_name = "FILE")]
    pub(crate) log: Option<PathBuf>,
}

const DRILL_EXAMPLES: &str = "\
Examples:
  three13 drill                     today's positions: take or draw, then the discard
  three13 drill --round 11 --count 10 --seed 4
      ten positions of round 11, the same ones for everyone who gives seed 4
  three13 drill --theme take_or_draw --game five-crowns
      Five Crowns positions where taking or drawing is clearly better
  three13 drill --json --seed 1 --count 2 < answers.jsonl
      the same as JSON lines, for a script (docs/drill.md)
  three13 drill --again --name Ann  Ann's missed positions again, until each is right
  three13 drill --minutes 3         a timed run: a right answer in a row adds time
  three13 stats --drill --name Ann  Ann's rating over time and points lost by theme";

/// Practice decisions of real rounds, graded in points lost
#[derive(Debug, Args)]
#[command(
    long_about = "Positions of real rounds, played out by the simulator and kept only where the \
points coach finds one answer better than the second by a point at least (beyond its noise): \
the round and its wild, the hand, the face-up card, the cards seen, the players and the turn. \
Each asks take or draw, shows the card drawn, then asks the discard, and grades each answer in \
points lost against the coach's best (an answer within the coach's noise loses nothing), with \
every option's expected points at the end of the round and the melds the best keeps. The summary \
gives the points lost per decision and the worst answer. Positions are tagged by theme: \
take_or_draw, keep_pair_or_run, wild_place, discard_wild, last_turn, lay_off. The same --seed \
gives the same positions and grades; without one, the day's date is the seed (the position of \
the day first). The rules are the current session's unless --rules, --set or --game name \
others. See docs/drill.md.",
    after_help = DRILL_EXAMPLES
)]
pub(crate) struct DrillArgs {
    #[command(flatten)]
    pub(crate) rules: RulesArgs,

    /// The game's own rules: three-thirteen or five-crowns (as --rules standard or five-crowns)
    #[arg(long, value_name = "GAME", conflicts_with = "preset")]
    pub(crate) game: Option<String>,

    /// The seed the positions are dealt from [default: today's date]
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,

    /// Positions in the run
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub(crate) count: u32,

    /// Only positions of this theme: take_or_draw, keep_pair_or_run, wild_place, discard_wild, last_turn or lay_off
    #[arg(long, value_name = "THEME")]
    pub(crate) theme: Option<String>,

    /// Only positions of this round
    #[arg(long, value_name = "R")]
    pub(crate) round: Option<usize>,

    /// Players at the table [default: 2 to 4, drawn for each position]
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u16).range(2..=8))]
    pub(crate) players: Option<u16>,

    /// The coach's deals an option for each grade
    #[arg(long, value_name = "K", default_value_t = 200, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub(crate) budget: u32,

    /// The name the attempts are rated under [default: the system's user name]
    #[arg(long, value_name = "NAME")]
    pub(crate) name: Option<String>,

    /// Replay the positions missed (or answered slowly) until each is answered right
    #[arg(long, conflicts_with_all = ["seed", "theme", "round", "players", "count"])]
    pub(crate) again: bool,

    /// A timed run: M minutes; right answers in a row add time, a wrong one costs some
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u16).range(1..=60))]
    pub(crate) minutes: Option<u16>,

    /// Ask and answer as JSON lines on stdin and stdout (docs/drill.md)
    #[arg(long)]
    pub(crate) json: bool,
}

/// A way of playing, for `three13 sim`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum PolicyName {
    Random,
    Greedy,
    Draw,
    Chance,
    Coach,
}

const NEW_EXAMPLES: &str = "\
Examples:
  three13 new --player Ann --player Bob --player Cy     Ann deals round 1
  three13 new friday -p Ann -p Bob --dealer Bob         a session named friday; Bob deals first
  three13 new --rules tens --set double_last_rounds=true -p Ann -p Bob
      house rules, kept with the game: J Q K worth 10, the J Q K rounds count double
  three13 new --rules five-crowns --set round_order=random -p Ann -p Bob
      a game of Five Crowns, its rounds in an order drawn now and kept with it
  three13 new --like friday                             a rematch: friday's players and rules, the deal one seat on
  three13 new --like friday -p Zoe                      the same, with Zoe joining at the end of the table
  three13 new                                           asks for the players (on a terminal)";

/// Start a game: players in seat order, the first dealer, the rules
#[derive(Debug, Args)]
#[command(
    long_about = "Start a game and make it the current session.\n\n\
Players are given in seat order: the deal passes from each player to the next, \
and the first player deals round 1 unless --dealer names another. Player names \
are unique without regard to case, at most 32 characters, and cannot be a \
number or hold \"=\" (so scores can be typed as 12 0 35 or Ann=12). With no \
--player on a terminal, the questions come in this order: the players (those of \
earlier games offered first), the session's name when none is given, the rules, any \
setting to change, and the first dealer. Spaces around a name are dropped.\n\n\
--like SESSION starts a rematch: the same players (those still at the table) and rules, \
the first dealer one seat on from that game's; each --player given too joins them, at the \
end of the table.\n\n\
The session's name defaults to today's date (2026-11-22, then 2026-11-22-2, …). \
A session name has letters, digits, \".\", \"_\" and \"-\", at most 64 characters, \
not starting with \".\" or \"-\".",
    after_help = NEW_EXAMPLES
)]
pub(crate) struct NewArgs {
    /// The session's name [default: today's date]
    #[arg(value_name = "NAME")]
    pub(crate) name: Option<String>,

    /// A player, in seat order (repeat for each player)
    #[arg(long = "player", short = 'p', value_name = "NAME", add = ArgValueCompleter::new(complete::earlier_players))]
    pub(crate) players: Vec<String>,

    /// The player who deals round 1 [default: the first player]
    #[arg(long, value_name = "PLAYER", add = ArgValueCompleter::new(complete::new_players))]
    pub(crate) dealer: Option<String>,

    /// A rematch of SESSION: its players (and any --player added) and rules, the first dealer one seat on
    #[arg(long, value_name = "SESSION", add = ArgValueCandidates::new(complete::sessions))]
    pub(crate) like: Option<String>,

    #[command(flatten)]
    pub(crate) rules: RulesArgs,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

const ROUND_EXAMPLES: &str = "\
Examples:
  three13 round 12 0 35                        one score per player, in seat order
  three13 round Bob=0 Ann=12 Cy=35 --out Bob   by name, in any order; Bob went out
  three13 round 13+9+4 out \"K 9 4\"             a sum, out (0, and went out), cards left over
  three13 round Ann = K+4 Bob = 0 Cy = 35      by name with spaces; K+4 is 13 + 4
  three13 round 0 12 \"9h 4d Kh 5s 5c\" 7        a whole hand, solved at the round's wild rank
  three13 round 0 40 7 --penalty Bob           Bob declared out with a hand that does not meld
  three13 round                                asks for each score (on a terminal)";

/// Record the next round: each player's deadwood, or the hand they held
#[derive(Debug, Args)]
#[command(
    long_about = "Record the next round of the session, then print the table.\n\n\
Each score is what the player was left holding (the deadwood), one per player \
in seat order (also all in one quoted argument: \"12 0 35\"), or NAME=SCORE in any order \
(Ann = 12 with spaces too). A score is a number (12, and 12, with a \
comma), a sum of numbers and ranks (13+9+4, K+4), out (0, and that player went out first), the cards left over, \
fewer than the round deals, by rank or with suits (K 9 4, Kh 9c 4d), added up at the \
rules' values, or the whole hand held at the end of the round (quoted), whose \
minimum deadwood is found at the round's wild rank. The rules turn deadwood into points: doubled rounds, the go-out bonus for \
the --out player, the bad go-out penalty for each --penalty player. Under \
double_naughts, a round where everyone scores 0 is played again and not recorded. \
A typed hand is scored without laying off: under lay_off, give the number when cards \
were laid off.\n\n\
With no scores on a terminal, each score is asked for, then who went out and any bad \
go-out; the round is shown before it is saved, and answered no, a score (or who went out, \
or the penalties) can be fixed before it is asked about again. Escape, Ctrl-C or Ctrl-D \
at any question ends the command and writes nothing.",
    after_help = ROUND_EXAMPLES
)]
pub(crate) struct RoundArgs {
    /// The scores, in seat order or as NAME=SCORE: a number, a sum, out, or cards
    #[arg(value_name = "SCORE", allow_negative_numbers = true, add = ArgValueCompleter::new(complete::score))]
    pub(crate) scores: Vec<String>,

    /// The first player to go out (their deadwood must be 0)
    #[arg(long, value_name = "PLAYER", add = ArgValueCompleter::new(complete::playing))]
    pub(crate) out: Option<String>,

    /// A player who declared out with a hand that does not meld (repeatable)
    #[arg(long, value_name = "PLAYER", add = ArgValueCompleter::new(complete::playing))]
    pub(crate) penalty: Vec<String>,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

const TABLE_EXAMPLES: &str = "\
Examples:
  three13 table                       the current session
  three13 table --session friday      another session, leaving the current one as it is
  three13 table --json | jq .totals   the totals, for a script";

/// The running score table: every round, totals, the leader or winner
#[derive(Debug, Args)]
#[command(
    long_about = "The running score table: one row per round of the rules (rounds to \
come are shown empty) with its cards, wild rank and dealer, each player's points for \
the round and running total in brackets, and who went out; then the totals, the \
standings, and the next round with the rounds left, or once the last round is in, the \
winner(s). Where that is too wide for the screen, a row per player: the points of each \
round, ^ on who went out first, ! on a bad go-out, * on who deals next, and a Dealer row \
naming who dealt each round by the shortest start of their name (or, where that is \
long, its first letter and the one that tells it apart); the earliest \
rounds added up in one column headed with their range (1-4) when even that is too wide, \
each mark there followed by how many of those rounds had it (^2).",
    after_help = TABLE_EXAMPLES
)]
pub(crate) struct TableArgs {
    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// The full layout (a row per round), even when it is wider than the screen
    #[arg(long)]
    pub(crate) wide: bool,

    /// The table as one JSON object
    #[arg(long)]
    pub(crate) json: bool,
}

const SHOW_EXAMPLES: &str = "\
Examples:
  three13 show            the last round played, in full
  three13 show 3          round 3: its scores, who went out, the dealer and the hands typed
  three13 show 3 --json   the same, for a script";

/// One round in full: scores, who went out, penalties, dealer, hands typed
#[derive(Debug, Args)]
#[command(
    long_about = "Show one recorded round in full, the last one played without ROUND: its \
cards, wilds and dealer, and who played first; each player's score (the deadwood, the \
points that count when the rules make them differ, and the total after the round), who \
went out first and who was penalised for a bad go-out; then each hand typed for the round \
(scores typed as numbers have no hand to show): the cards, the melds of its best \
arrangement with what each wild stands for, the cards left over and the deadwood they \
make. The round after the last round of the rules is the tiebreaker round, when one was \
played.",
    after_help = SHOW_EXAMPLES
)]
pub(crate) struct ShowArgs {
    /// The round, from 1 [default: the last one played]
    #[arg(value_name = "ROUND")]
    pub(crate) round: Option<usize>,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// The round as one JSON object
    #[arg(long)]
    pub(crate) json: bool,
}

const CHART_EXAMPLES: &str = "\
Examples:
  three13 chart                  each player's running total, round by round
  three13 chart --svg race.svg   the same chart as an SVG file, to share
  three13 chart --json           the running totals, for a script";

/// The race: each player's running total as a line chart
#[derive(Debug, Args)]
#[command(
    long_about = "Draw each player's running total round by round as a line chart that fits \
the screen: one mark (and on a colour terminal one colour) per player, with a key, and # \
where lines share a place. A player who joined late starts at the round they joined, from \
their starting total; one who left stops at their last round. Once the game is over, the \
key marks the winner and the last line says how the game ended. The chart is as tall as \
the terminal leaves (else LINES), from 8 to 40 rows, 12 when neither says. With --ascii or \
NO_COLOR the chart uses plain characters. --svg writes the same chart as an SVG file \
instead; --json gives each player's totals over the rounds they played.",
    after_help = CHART_EXAMPLES
)]
pub(crate) struct ChartArgs {
    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// Write the chart as SVG to FILE instead (- for stdout)
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,

    /// The running totals as one JSON object
    #[arg(long, conflicts_with = "svg")]
    pub(crate) json: bool,
}

const UNDO_EXAMPLES: &str = "\
Examples:
  three13 undo          asks first (on a terminal)
  three13 undo --yes    without asking, as a script must
  three13 log           the changes undo would take back, the last one last";

/// Take back the last change: a round, a correction, a player, the rules
#[derive(Debug, Args)]
#[command(
    long_about = "Take back the last change of the session, whatever it was: a round \
recorded (printing the command that records it again), a correction, a dealer named, a \
player added, removed, brought back or renamed, a change of rules, a tiebreak draw. Run \
again, it takes back the change before, and so on back to the session as `three13 new` \
made it; `three13 log` lists the changes. On a terminal, asks first; elsewhere --yes is \
needed.\n\n\
A session saved by a three13 that kept no log (format 1 or 2) has no changes logged from \
before: there undo removes the last round, as it did then, and refuses to go past a player \
who joined, left or came back after it.",
    after_help = UNDO_EXAMPLES
)]
pub(crate) struct UndoArgs {
    /// Do not ask; needed when stdin is not a terminal
    #[arg(long, short = 'y')]
    pub(crate) yes: bool,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

const DRAW_EXAMPLES: &str = "\
Examples:
  three13 draw Ann=Kh Bob=3c    the cards Ann and Bob drew: Bob's three is lowest
  three13 draw                  asks each tied player for the card drawn (on a terminal)
  three13 draw --random         draws for the table, by chance";

/// Record the tiebreak draw: the card each tied player drew
#[derive(Debug, Args)]
#[command(
    long_about = "Record the tiebreak draw of a game whose rules break a tie for the win \
with a draw (tiebreak=draw): each tied player draws a card from the decks (no jokers), and \
the lowest rank wins, aces low; suits do not count. Give each card as NAME=CARD; players tied \
on the lowest card draw again, and are asked for (on a terminal) or named for the next \
`three13 draw`. With no cards on a terminal, each card is asked for; `three13 round` asks too, \
after the round that leaves the tie. --random draws for the table, by chance. Each draw is a \
change of its own, which `three13 undo` takes back.",
    after_help = DRAW_EXAMPLES
)]
pub(crate) struct DrawArgs {
    /// The card each player drew, as NAME=CARD
    #[arg(value_name = "NAME=CARD", conflicts_with = "random")]
    pub(crate) cards: Vec<String>,

    /// Draw for the table, by chance, until one card is lowest
    #[arg(long)]
    pub(crate) random: bool,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

const LOG_EXAMPLES: &str = "\
Examples:
  three13 log          every change, oldest first, with its time
  three13 log --json   the same, for a script";

/// The changes made to the session, with their time
#[derive(Debug, Args)]
#[command(
    long_about = "List the changes made to the session, oldest first, each with its time: \
rounds recorded, corrections, dealers named, players added, removed, brought back or \
renamed, changes of rules and tiebreak draws. `three13 undo` takes back the last one.",
    after_help = LOG_EXAMPLES
)]
pub(crate) struct LogArgs {
    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// The changes as one JSON object
    #[arg(long)]
    pub(crate) json: bool,
}

const EDIT_EXAMPLES: &str = "\
Examples:
  three13 edit 3 Ann 15                       Ann's deadwood in round 3 was 15
  three13 edit 3 ann \"9h 4d Kh 5s 5c\"         the hand Ann held, scored again
  three13 edit 2 Dee=out                      Dee went out in round 2 (and scored 0)
  three13 edit 2 --out Dee Ann=K+4            the same, and Ann's score was 17
  three13 edit 4 12 0 35 7                    every score of round 4, in seat order
  three13 edit 5 --penalty Bob --dealer Cy    Bob went out wrongly; Cy dealt round 5";

/// Correct a recorded round: scores, who went out, penalties, the dealer
#[derive(Debug, Args)]
#[command(
    long_about = "Correct a recorded round. Scores are given as in `three13 round`: one per \
player of the round in seat order, or NAME=SCORE for only the players named (PLAYER VALUE \
also works for one). --out, --penalty, --no-penalty and --dealer change who went out, \
the penalties and the dealer; whatever is not given stays as it was. The round is checked \
again as a whole; the player marked out scores 0, and totals and later rounds follow. A \
dealer named for a round moves the deal on from there; --dealer also names the dealer of \
the next round, before it is played.",
    after_help = EDIT_EXAMPLES
)]
pub(crate) struct EditArgs {
    /// The round to correct
    #[arg(value_name = "ROUND")]
    pub(crate) round: usize,

    /// The scores: in seat order, NAME=SCORE, or PLAYER VALUE
    #[arg(value_name = "SCORE", allow_negative_numbers = true, add = ArgValueCompleter::new(complete::score))]
    pub(crate) scores: Vec<String>,

    /// The first player to go out (their deadwood becomes 0)
    #[arg(long, value_name = "PLAYER", conflicts_with = "no_out", add = ArgValueCompleter::new(complete::playing))]
    pub(crate) out: Option<String>,

    /// Nobody went out first in that round
    #[arg(long)]
    pub(crate) no_out: bool,

    /// A player who declared out with a hand that does not meld (repeatable)
    #[arg(long, value_name = "PLAYER", add = ArgValueCompleter::new(complete::playing))]
    pub(crate) penalty: Vec<String>,

    /// A player who was penalised by mistake (repeatable)
    #[arg(long, value_name = "PLAYER", add = ArgValueCompleter::new(complete::playing))]
    pub(crate) no_penalty: Vec<String>,

    /// The player who dealt the round
    #[arg(long, value_name = "PLAYER", add = ArgValueCompleter::new(complete::playing))]
    pub(crate) dealer: Option<String>,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

const PLAYER_EXAMPLES: &str = "\
Examples:
  three13 player rename Bob Robert      every round follows; stats know them as one
  three13 player add Dee                Dee joins at the last seat, from the next round
  three13 player add Dee --seat 2 --total 40
      Dee sits second, starting from 40
  three13 player add Dee --total average
      Dee starts from the average total, which follows corrections
  three13 player remove Cy              Cy leaves: their rounds stay, the deal skips them
  three13 player return Cy              Cy is back; each round missed scores its highest
  three13 player return Cy --missed average
      each round missed scores its average (also nothing, or a number)";

/// Rename, add, remove or bring back a player mid-game
#[derive(Debug, Subcommand)]
#[command(after_help = PLAYER_EXAMPLES)]
pub(crate) enum PlayerCommand {
    Rename(PlayerRenameArgs),
    Add(PlayerAddArgs),
    Remove(PlayerRemoveArgs),
    Return(PlayerReturnArgs),
}

/// Rename a player; every round follows
#[derive(Debug, Args)]
#[command(
    long_about = "Rename a player; every round follows. The old name is kept in the session, \
so that `three13 stats` counts both names as one person.",
    after_help = PLAYER_EXAMPLES
)]
pub(crate) struct PlayerRenameArgs {
    /// The player's name now
    #[arg(value_name = "OLD", add = ArgValueCompleter::new(complete::players))]
    pub(crate) old: String,

    /// The new name
    #[arg(value_name = "NEW")]
    pub(crate) new: String,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

/// Seat a new player from the next round
#[derive(Debug, Args)]
#[command(
    long_about = "Seat a new player, who plays from the next round on; their earlier rounds \
stay empty. They start from --total: a number, which stays as given, or a rule worked \
out from the sheet, the highest (the default, a common house rule), average or lowest \
total of the players at the table after the rounds before the join. A rule follows every \
later correction, undo and rules change of those rounds; the table and `three13 show` say \
where the start came from. The deal takes them in at their seat.",
    after_help = PLAYER_EXAMPLES
)]
pub(crate) struct PlayerAddArgs {
    /// The new player's name
    #[arg(value_name = "NAME")]
    pub(crate) name: String,

    /// Their seat, from 1 [default: the last seat]
    #[arg(long, value_name = "N")]
    pub(crate) seat: Option<usize>,

    /// Their starting total: a number, or highest, average or lowest (the
    /// total at the table, worked out from the sheet) [default: highest]
    #[arg(long, value_name = "N|RULE", allow_negative_numbers = true, value_parser = start_value)]
    pub(crate) total: Option<Start>,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

/// Take a player out of the game
#[derive(Debug, Args)]
#[command(
    long_about = "Take a player out of the game: their rounds stay in the history and the \
table, they leave the standings, and the deal skips them. A player who has not played a \
round yet is taken off the sheet altogether. On a terminal, asks first; elsewhere --yes \
is needed. `three13 player return` brings them back, `three13 undo` takes the change back.",
    after_help = PLAYER_EXAMPLES
)]
pub(crate) struct PlayerRemoveArgs {
    /// The player leaving
    #[arg(value_name = "NAME", add = ArgValueCompleter::new(complete::seated))]
    pub(crate) name: String,

    /// Do not ask; needed when stdin is not a terminal
    #[arg(long, short = 'y')]
    pub(crate) yes: bool,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

/// Bring back a player who left
#[derive(Debug, Args)]
#[command(
    long_about = "Bring back a player who left the game: they play again from the next \
round, at their seat, with their rounds as they were. The rounds they missed score by \
--missed, else by the session's rule missed_rounds (rules --set missed_rounds=average): by \
default the highest score of each round among those who played it, so that nobody gains by \
sitting rounds out; or the round's average, nothing, or a fixed number of points a round. \
--total gives their total on coming back instead. The table marks the \
rounds missed. Refused once the last round is in.",
    after_help = PLAYER_EXAMPLES
)]
pub(crate) struct PlayerReturnArgs {
    /// The player coming back
    #[arg(value_name = "NAME", add = ArgValueCompleter::new(complete::gone))]
    pub(crate) name: String,

    /// What each round missed scores: highest (of the round), average,
    /// nothing, or a number of points [default: the session's missed_rounds, highest unless set]
    #[arg(long, value_name = "RULE", value_parser = missed_value, conflicts_with = "total")]
    pub(crate) missed: Option<Missed>,

    /// Their total on coming back, in place of scoring the rounds missed
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-1_000_000..=1_000_000))]
    pub(crate) total: Option<i32>,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

const SESSIONS_EXAMPLES: &str = "\
Examples:
  three13 sessions          every session: players, rounds played, leader, last change
  three13 sessions --json   the same, one JSON document";

/// List the sessions, the current one marked
#[derive(Debug, Args)]
#[command(
    long_about = "List the sessions in the data folder: name, players, rounds played, \
the leader or the winner, and the last change, with the current session marked *. A \
session whose file does not load is listed as damaged, with the reason on stderr.",
    after_help = SESSIONS_EXAMPLES
)]
pub(crate) struct SessionsArgs {
    /// The list as a JSON array
    #[arg(long)]
    pub(crate) json: bool,
}

const USE_EXAMPLES: &str = "\
Examples:
  three13 use friday   later commands act on friday";

/// Make another session the current one
#[derive(Debug, Args)]
#[command(after_help = USE_EXAMPLES)]
pub(crate) struct UseArgs {
    /// The session to continue
    #[arg(value_name = "NAME", add = ArgValueCandidates::new(complete::sessions))]
    pub(crate) name: String,

    /// What changed and the session after it, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

const DELETE_EXAMPLES: &str = "\
Examples:
  three13 delete friday          asks first (on a terminal)
  three13 delete friday --yes    without asking, as a script must";

/// Delete a session
#[derive(Debug, Args)]
#[command(
    long_about = "Delete a session's file, for good. On a terminal, asks first; \
elsewhere --yes is needed. A damaged file can be deleted too.",
    after_help = DELETE_EXAMPLES
)]
pub(crate) struct DeleteArgs {
    /// The session to delete
    #[arg(value_name = "NAME", add = ArgValueCandidates::new(complete::sessions))]
    pub(crate) name: String,

    /// Do not ask; needed when stdin is not a terminal
    #[arg(long, short = 'y')]
    pub(crate) yes: bool,

    /// What was deleted, as JSON
    #[arg(long)]
    pub(crate) json: bool,
}

const RULES_EXAMPLES: &str = "\
Examples:
  three13 rules                          the current session's rules, else the standard ones
  three13 rules tens                     the preset tens: every setting, and its round table
  three13 rules --set extra_rounds=2 --set down_and_up=true
      try a variant before starting a game with it: 26 rounds, up to 15 cards and back
  three13 rules --session friday --json  another session's rules, for a script
  three13 rules --set bad_go_out_penalty=20 --save
      change the current game's rules from the next round on
  three13 rules --set face_cards=ten --save --from 1
      the whole game under new rules: typed hands and cards left over are scored again
  three13 rules --explain                how to play under the current game's rules
  three13 rules tens --explain           how to play under the preset tens";

/// Show the rules in force and the round table
#[derive(Debug, Args, Clone)]
#[command(
    long_about = "Show every setting of the rules in force and the round table (each \
round's cards dealt and wild rank). The rules are the preset's when one is named, \
else the session's (--session, else the current one), else the standard rules; each \
--set applies on top.\n\n\
With --save, the settings given become the session's from the next round on, or from \
the round --from names (--from 1: the whole game); the rounds before keep the rules they \
were played under. The rounds from there are scored again: typed hands are solved anew and \
cards typed as left over valued anew; scores typed as numbers stay as they were. Refused \
where a round played does not fit the new rules (a score too high for its cards, a joker \
no longer in play). extra_rounds and down_and_up shape the game's round table, one for \
every round: changing them is refused where a round played would be dealt otherwise or \
left out. `three13 undo` takes a change back. Without --save nothing is changed.\n\n\
With --explain, how to play under the rules in force, in words: the deal, a turn, going \
out, melds and wilds, what cards score, the scoring settings, ties, and the round table \
(the same text as the page three13-rules(7), which is written for the standard rules).",
    after_help = RULES_EXAMPLES
)]
pub(crate) struct RulesShowArgs {
    /// A preset: standard, tens, strict or five-crowns
    #[arg(value_name = "PRESET", add = ArgValueCandidates::new(complete::presets))]
    pub(crate) preset: Option<String>,

    /// The same as PRESET, as `check` and `new` take it
    #[arg(long = "rules", value_name = "PRESET", conflicts_with = "preset", add = ArgValueCandidates::new(complete::presets))]
    pub(crate) rules: Option<String>,

    /// Change one setting, e.g. --set decks=3 (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", add = ArgValueCompleter::new(complete::setting))]
    pub(crate) set: Vec<String>,

    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// Save these rules into the session (--session, else the current one)
    #[arg(long)]
    pub(crate) save: bool,

    /// Explain how to play under these rules, from the deal to the winner
    #[arg(long, conflicts_with_all = ["save", "json"])]
    pub(crate) explain: bool,

    /// With --save: the round the rules apply from [default: the next round; 1 re-scores the whole game]
    #[arg(long, value_name = "ROUND", requires = "save")]
    pub(crate) from: Option<usize>,

    /// The rules and the round table as one JSON object
    #[arg(long)]
    pub(crate) json: bool,
}

const STATS_EXAMPLES: &str = "\
Examples:
  three13 stats                     each player's record, one table per set of rules
  three13 stats Ann                 Ann's finished games: when, where she placed, who won
  three13 stats --versus Ann Bob    Ann against Bob: games together, who finished ahead
  three13 stats --rules tens --since 2026-01-01 --with Cy
      only games under the preset tens, ended this year, with Cy at the table
  three13 stats --json              the same, for a script";

/// Players' records over every finished game
#[derive(Debug, Args)]
#[command(
    long_about = "Each player's record over the finished sessions (every round in, and any \
tiebreaker round): games, wins (a shared win counts for each) and the win rate, the \
average place, the average total, the best and worst game, the average points per \
round, rounds gone out first and the best round. Games begun under different rules are \
counted apart, one table per set of rules, so that totals of different scoring are \
never averaged together; a game whose rules changed mid-way is counted with those it \
began under, and the heading says how many did. With a NAME, a game the player left \
before the end is listed too, with the round they left after and the rounds they \
played (it has no place). Players are matched by name without regard to case, and under \
every name they had: a player renamed in one game (Bob to Robert) is found in every game \
under either name.",
    after_help = STATS_EXAMPLES
)]
pub(crate) struct StatsArgs {
    /// One player's games, with dates and places
    #[arg(value_name = "PLAYER", conflicts_with = "versus", add = ArgValueCompleter::new(complete::finished_players))]
    pub(crate) player: Option<String>,

    /// Two players head to head
    #[arg(long, num_args = 2, value_names = ["A", "B"], add = ArgValueCompleter::new(complete::finished_players))]
    pub(crate) versus: Vec<String>,

    /// Only games under the rules of this preset: standard, tens, strict or five-crowns
    #[arg(long = "rules", value_name = "PRESET", add = ArgValueCandidates::new(complete::presets))]
    pub(crate) preset: Option<String>,

    /// Only games with this setting, e.g. --set tiebreak=draw (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", add = ArgValueCompleter::new(complete::setting))]
    pub(crate) set: Vec<String>,

    /// Only games that ended on or after this day (YYYY-MM-DD)
    #[arg(long, value_name = "DATE")]
    pub(crate) since: Option<String>,

    /// Only games this player played in (repeatable)
    #[arg(long = "with", value_name = "PLAYER", add = ArgValueCompleter::new(complete::finished_players))]
    pub(crate) with: Vec<String>,

    /// The drill's record instead: the rating over time, points lost by theme
    #[arg(long, conflicts_with = "versus")]
    pub(crate) drill: bool,

    /// With --drill: whose [default: the system's user name, or PLAYER]
    #[arg(long, value_name = "NAME", requires = "drill")]
    pub(crate) name: Option<String>,

    /// The records as one JSON object
    #[arg(long)]
    pub(crate) json: bool,
}

const LEAGUE_EXAMPLES: &str = "\
Examples:
  three13 league                    this year's season: standings, ratings, records, evenings
  three13 league --points 1st=5,2nd=3,3rd=1,out=1
      standings by the club's own table: 5, 3 and 1 a place, 1 a round gone out first
  three13 league --season spring --since 2026-03-01 --until 2026-05-31 --member Ann --member Bob --save
      keep a named season with its dates and members; later `three13 league --season spring`
  three13 league --game five-crowns --min-games 5
      the Five Crowns games only; fewer than 5 games makes a guest
  three13 league --svg ratings.svg  the ratings over the season as a chart
  three13 league --json             the same, for a script (--csv for a spreadsheet)";

/// A season: standings by the club's points, ratings, records
#[derive(Debug, Args)]
#[command(
    long_about = "The finished games of a season, in the order they ended: standings by a \
points table of the club's own (places to points; players tied on a place share the points of \
the places they cover, after any tiebreak the game's rules settle), the standings after each \
evening, each player's Weng-Lin rating with its uncertainty (a conservative value, mu - 3 sigma, \
shown once a player has the season's minimum of games), and the season's records, each with the \
session it came from. Everything is worked out again from the session files each time, so a \
correction of an old game shows at once. A season is a year by default (this one), or the dates \
given; Three Thirteen and Five Crowns are never mixed. A named season (--season NAME --save) \
keeps its dates, game, members, points table and minimum in seasons.toml in the data folder. \
Players are matched by name without regard to case, and under every name they had.",
    after_help = LEAGUE_EXAMPLES
)]
pub(crate) struct LeagueArgs {
    /// A named season: its kept settings, which the flags given override
    #[arg(long, value_name = "NAME", add = ArgValueCandidates::new(complete::seasons))]
    pub(crate) season: Option<String>,

    /// With --season: keep the settings given under the season's name
    #[arg(long, requires = "season")]
    pub(crate) save: bool,

    /// Only games that ended on or after this day (YYYY-MM-DD) [default: the 1st of January]
    #[arg(long, value_name = "DATE")]
    pub(crate) since: Option<String>,

    /// Only games that ended on or before this day (YYYY-MM-DD) [default: the 31st of December]
    #[arg(long, value_name = "DATE")]
    pub(crate) until: Option<String>,

    /// The game: three-thirteen or five-crowns [default: three-thirteen]
    #[arg(long, value_name = "GAME", value_parser = ["three-thirteen", "five-crowns"])]
    pub(crate) game: Option<String>,

    /// Season points by place, e.g. 1=5,2=3,3=1 or 1st=5,2nd=3,3rd=1; out=N a round gone out first, low=N a round with the fewest points [default: 1=3,2=2,3=1]
    #[arg(long, value_name = "TABLE")]
    pub(crate) points: Option<String>,

    /// Fewer games than this makes a guest, listed apart, their rating not shown [default: 3]
    #[arg(long, value_name = "N")]
    pub(crate) min_games: Option<usize>,

    /// A member of the season (repeatable): anyone else is a guest
    #[arg(long = "member", value_name = "PLAYER", add = ArgValueCompleter::new(complete::finished_players))]
    pub(crate) members: Vec<String>,

    /// The season as one JSON object
    #[arg(long, conflicts_with = "csv")]
    pub(crate) json: bool,

    /// The standings and ratings as CSV, one row per player
    #[arg(long)]
    pub(crate) csv: bool,

    /// Also draw the ratings over the season as an SVG chart to FILE
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,
}

const EXPORT_EXAMPLES: &str = "\
Examples:
  three13 export > friday.csv
      the current session, one row per player and round, for a spreadsheet
  three13 export --layout sheet > friday.csv
      the paper sheet: a row per round, a column per player, then totals and places
  three13 export --session friday --format json --output friday.json
      another session as JSON, written to a file";

/// Write a session's rounds as CSV or JSON
#[derive(Debug, Args)]
#[command(
    long_about = "Write a session's rounds for a spreadsheet or a script. CSV comes in two \
layouts. long (the default) has one row per round and player: round, cards, wild, dealer, \
player, deadwood, points, total, out, penalty, hand. sheet is the paper score sheet: one row \
per round of the rules (round, cards, wild, dealer, each player's points, who went out; rounds \
not played yet are left empty), then a row of totals and a row of places. JSON is the object of \
`three13 table --json`.",
    after_help = EXPORT_EXAMPLES
)]
pub(crate) struct ExportArgs {
    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// The format
    #[arg(long, value_enum, default_value_t = ExportFormat::Csv)]
    pub(crate) format: ExportFormat,

    /// The CSV layout: long (a row per round and player) or sheet (a row per round)
    #[arg(long, value_enum, default_value_t = CsvLayout::Long)]
    pub(crate) layout: CsvLayout,

    /// Write to FILE instead of stdout (- for stdout)
    #[arg(long, short = 'o', value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
}

/// The shapes of `export`'s CSV.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum CsvLayout {
    /// One row per round and player.
    Long,
    /// The paper sheet: one row per round, one column per player.
    Sheet,
}

/// The formats `export` writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum ExportFormat {
    Csv,
    Json,
}

const PATH_EXAMPLES: &str = "\
Examples:
  three13 path                          the data folder, then the current session's file
  three13 --data-dir /tmp/scores path   where --data-dir would keep the files";

/// Print the data folder and the current session's file
#[derive(Debug, Args)]
#[command(
    long_about = "Print the data folder on the first line and, when there is a current \
session (or --session), its file on the second. The data folder is --data-dir, else \
THREE13_DATA_DIR (an absolute path; empty means unset), else the system's data folder.",
    after_help = PATH_EXAMPLES
)]
pub(crate) struct PathArgs {
    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// The paths as JSON (a path that is not UTF-8 is written with U+FFFD)
    #[arg(long)]
    pub(crate) json: bool,
}

const SERVE_EXAMPLES: &str = "\
Examples:
  three13 serve                      the current session at http://127.0.0.1:8313/, on this machine
  three13 serve --lan                on the local network: open the address (or scan the code) on a phone
  three13 serve --lan --entry        players enter their scores on their phones; the scorer confirms
  three13 serve --session friday --port 0
      another session, on a free port (the address is the first line printed)";

/// Share the game in a browser: the sheet on every phone, a TV page, a hand checker
#[derive(Debug, Args)]
#[command(
    long_about = "Share the session in a web browser, on this machine or (with --lan) on the \
local network, until Ctrl-C. The address to open is printed on the first line (on a terminal, \
with a QR code of it for phones).\n\n\
The game page shows the next round (cards, wild rank, dealer) in large type, the standings, \
the score sheet and the chart, and follows the game by itself within a second of any change \
made by any three13 command; without JavaScript a reload shows it. /tv is the same for a \
screen across the room, /check checks a hand as `three13 check` does, under the \
session's rules, and /drill is `three13 drill` on a phone: each player, under their own name, \
taps the answers and sees each graded in points lost, the attempts rated as the terminal's \
are.\n\n\
With --entry, each player enters their score on the game page as on the command line (a \
number, a sum, out, the cards left over or the whole hand) and ticks whether they went out \
first; the round is recorded, exactly as `three13 round` records it, once the scorer \
confirms it: y on the terminal running serve, or on the page with the PIN serve prints \
(wrong PINs are slowed; pin on the terminal gives a new one). To charge bad go-outs with the \
round, type y bad and the names on the terminal (y bad Ann, Bob), or tick them on the page's \
confirm form.\n\n\
Safe by default: serve listens only on loopback (127.0.0.1 and [::1]) unless --lan is given, \
and then every address carries a random token. It serves only this session's pages, never a file, and \
loads nothing from outside the machine.",
    after_help = SERVE_EXAMPLES
)]
pub(crate) struct ServeArgs {
    #[command(flatten)]
    pub(crate) session: SessionArg,

    /// Listen on the local network too, behind a random token in the address
    #[arg(long)]
    pub(crate) lan: bool,

    /// Take scores from the players' phones; the scorer confirms each round
    #[arg(long)]
    pub(crate) entry: bool,

    /// The port to listen on (0 picks a free one)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_PORT)]
    pub(crate) port: u16,

    /// The address to listen on [default: 127.0.0.1, or every address with --lan]
    #[arg(long, value_name = "ADDR")]
    pub(crate) listen: Option<std::net::IpAddr>,

    /// The season the season page shows, as `three13 league --season` keeps it [default: this year, the session's game]
    #[arg(long, value_name = "NAME", add = ArgValueCandidates::new(complete::seasons))]
    pub(crate) season: Option<String>,

    /// The coach's deals an option for each grade of the drill page
    #[arg(long, value_name = "K", default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub(crate) drill_budget: u32,
}

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  source <(three13 completions bash)
      bash: completions for this shell; put the line in ~/.bashrc to keep them
  three13 completions zsh > ~/.zfunc/_three13
      zsh: with fpath+=~/.zfunc before compinit in ~/.zshrc
  three13 completions fish > ~/.config/fish/completions/three13.fish
      fish: picked up at once
  three13 completions elvish >> ~/.config/elvish/rc.elv
      elvish: appended to the startup script (once)
  three13 completions powershell >> $PROFILE
      PowerShell: appended to the profile (once)";

/// Print a shell completion script
#[derive(Debug, Args)]
#[command(
    long_about = "Print the script that registers three13's completions with a shell. The shell \
then asks three13 itself for candidates as words are typed: subcommands and flags, the sessions, \
the current session's players, the presets, the settings and their values. The same script comes \
from COMPLETE=SHELL three13, as in bash: source <(COMPLETE=bash three13).",
    after_help = COMPLETIONS_EXAMPLES
)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum, value_name = "SHELL")]
    pub(crate) shell: clap_complete::Shell,
}

/// A starting total as `--total` takes it: a number, or the word of a rule.
fn start_value(text: &str) -> Result<Start, String> {
    if let Some(rule) = StartRule::from_word(text) {
        return Ok(Start::Rule(rule));
    }
    match text.trim().parse::<i32>() {
        Ok(n) if n.abs() <= 1_000_000 => Ok(Start::Total(n)),
        Ok(_) => Err("a starting total is at most 1000000 either way".to_string()),
        Err(_) => Err("give a number, or highest, average or lowest".to_string()),
    }
}

/// The points `--within` takes: how closely each difference is known.
fn within(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if (0.05..=100.0).contains(&p) => Ok(p),
        _ => Err("give the points each difference is known within, from 0.05 to 100, as 0.5".to_string()),
    }
}

/// What the rounds missed score, as `--missed` takes it.
fn missed_value(text: &str) -> Result<Missed, String> {
    Missed::from_word(text)
        .ok_or_else(|| "give highest, average, nothing, or points from 0 to 1000".to_string())
}
