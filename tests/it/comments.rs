//! Comments written by hand in a session file, through every change that
//! touches what they are written beside: each case checks the whole file.

use crate::common::Env;

/// The session file `g`, its `updated` time (which every save sets) shown
/// as NOW.
fn saved(env: &Env) -> String {
    let mut text = String::from_utf8(env.session_bytes("g")).unwrap();
    // The log of changes (its own tests are elsewhere) is left out.
    if let Some(start) = text.find("\n[log]\n") {
        let end = start + text[start..].find("\n]\n").expect("the log's end") + 3;
        text.replace_range(start..end, "");
    }
    let (before, rest) = text.split_once("\nupdated = \"").expect("an updated time");
    let (_, after) = rest.split_once('"').unwrap();
    format!("{before}\nupdated = \"NOW\"{after}")
}

/// A session `g` whose file is `text`.
fn written(text: &str) -> Env {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob"]);
    std::fs::write(env.session_file("g"), text).unwrap();
    env.ok(&["table"]);
    env
}

const HEAD: &str = "\
format_version = 3
first_dealer = \"Ann\"
created = \"2026-01-01T20:00:00Z\"
updated = \"2026-01-01T21:00:00Z\"
";

/// Comments inside a list and an inline table written over several lines
/// stay on the elements they are written beside when a player is seated
/// among them and another renamed.
#[test]
fn comments_inside_values_that_change_stay_on_their_elements() {
    let env = written(&format!(
        "\
players = [ # in seat order
  \"Ann\", # the host
  \"Bob\",
  \"Cy\", # came late
]
{HEAD}rules = {{ decks = 2 }}

[[rounds]]
round = 1
deadwood = {{
  Ann = 26, # disputed
  Bob = 0, # out at once
  Cy = 5,
}}
out = \"Bob\"
"
    ));
    env.ok(&["player", "add", "Dee", "--seat", "1"]);
    env.ok(&["player", "rename", "Bob", "Rob"]);
    assert_eq!(
        saved(&env),
        "\
players = [ # in seat order
  \"Dee\",
  \"Ann\", # the host
  \"Rob\",
  \"Cy\", # came late
]
format_version = 3
first_dealer = \"Ann\"
created = \"2026-01-01T20:00:00Z\"
updated = \"NOW\"
rules = { decks = 2, face_cards = \"rank\", ace_value = 1, ace_high = false, all_wild_melds = true, jokers = 0, \
kings_wild = false, extra_rounds = 0, down_and_up = false, lay_off = false, double_last_rounds = false, \
go_out_bonus = 0, bad_go_out_penalty = 0, double_naughts = false, tiebreak = \"share\" }

[seats.Dee]
joined = 1
start = 26
start_from = \"highest\"

[seats.Rob]
former_names = [\"Bob\"]

[[rounds]]
round = 1
deadwood = {
  Ann = 26, # disputed
  Rob = 0, # out at once
  Cy = 5,
}
out = \"Rob\"
"
    );
}

/// A comment after an inline `rules = { … }` stays after it when a seat
/// table comes in after the top of the file.
#[test]
fn a_comment_after_inline_rules_stays_after_them() {
    let env = written(&format!(
        "\
players = [\"Ann\", \"Bob\"]
{HEAD}rules = {{ decks = 2, face_cards = \"rank\", ace_value = 1, ace_high = false, all_wild_melds = true, \
jokers = 0, kings_wild = false, extra_rounds = 0, down_and_up = false, lay_off = false, double_last_rounds = false, \
go_out_bonus = 0, bad_go_out_penalty = 0, double_naughts = false, tiebreak = \"share\" }} # house rules
# agreed before the first deal

[[rounds]]
round = 1
deadwood = {{ Ann = 26, Bob = 0 }}
out = \"Bob\"
"
    ));
    env.ok(&["player", "add", "Cy"]);
    assert_eq!(
        saved(&env),
        "\
players = [\"Ann\", \"Bob\", \"Cy\"]
format_version = 3
first_dealer = \"Ann\"
created = \"2026-01-01T20:00:00Z\"
updated = \"NOW\"
rules = { decks = 2, face_cards = \"rank\", ace_value = 1, ace_high = false, all_wild_melds = true, \
jokers = 0, kings_wild = false, extra_rounds = 0, down_and_up = false, lay_off = false, double_last_rounds = false, \
go_out_bonus = 0, bad_go_out_penalty = 0, double_naughts = false, tiebreak = \"share\" } # house rules
# agreed before the first deal

[seats.Cy]
joined = 1
start = 26
start_from = \"highest\"

[[rounds]]
round = 1
deadwood = { Ann = 26, Bob = 0 }
out = \"Bob\"
"
    );
}

/// The comments of an `out` or `penalties` line that an edit removes stay
/// where the line was: before the next line, or after the last.
#[test]
fn comments_on_lines_an_edit_removes_stay_where_they_were() {
    let env = written(&format!(
        "\
players = [\"Ann\", \"Bob\", \"Cy\"]
{HEAD}
[rules]
bad_go_out_penalty = 20

[[rounds]]
round = 1
deadwood = {{ Ann = 26, Bob = 0, Cy = 3 }}
# who went out
out = \"Bob\" # at once
# the penalised
penalties = [ # declared too soon
  \"Ann\",
  \"Cy\", # twice
]
"
    ));
    env.ok(&["edit", "1", "--no-penalty", "Cy"]);
    let mut expected = format!(
        "\
players = [\"Ann\", \"Bob\", \"Cy\"]
{HEAD}
[rules]
decks = 2
face_cards = \"rank\"
ace_value = 1
ace_high = false
all_wild_melds = true
jokers = 0
kings_wild = false
extra_rounds = 0
down_and_up = false
lay_off = false
double_last_rounds = false
go_out_bonus = 0
bad_go_out_penalty = 20
double_naughts = false
tiebreak = \"share\"

[[rounds]]
round = 1
deadwood = {{ Ann = 26, Bob = 0, Cy = 3 }}
# who went out
out = \"Bob\" # at once
# the penalised
penalties = [ # declared too soon
  \"Ann\",
  # twice
]
"
    )
    .replace("updated = \"2026-01-01T21:00:00Z\"", "updated = \"NOW\"");
    assert_eq!(saved(&env), expected);
    env.ok(&["edit", "1", "--no-out"]);
    expected = expected.replace("# who went out\nout = \"Bob\" # at once\n", "# who went out\n# at once\n");
    assert_eq!(saved(&env), expected);
    env.ok(&["edit", "1", "--no-penalty", "Ann"]);
    expected = expected.replace(
        "penalties = [ # declared too soon\n  \"Ann\",\n  # twice\n]\n",
        "# declared too soon\n# twice\n",
    );
    assert_eq!(saved(&env), expected);
}

/// The `name` line of a version 1 file is no longer written: the comment
/// above it stays, above the next line.
#[test]
fn a_comment_above_a_version_1_name_line_stays() {
    let env = written(
        "\
format_version = 1
# Friday at Ann's
name = \"g\" # the old name
players = [\"Ann\", \"Bob\"]
first_dealer = \"Ann\"
created = \"2026-01-01T20:00:00Z\"
updated = \"2026-01-01T21:00:00Z\"
",
    );
    env.ok(&["round", "26", "0", "--out", "Bob"]);
    assert!(
        saved(&env).starts_with(
            "\
format_version = 3
# Friday at Ann's
# the old name
players = [\"Ann\", \"Bob\"]
first_dealer = \"Ann\"
"
        ),
        "{}",
        saved(&env)
    );
}

/// A comment written after a round (as `echo '# …' >> file` writes it)
/// stays after that round when the next is added, and when that one is
/// taken back; a comment after a blank line at the end stays at the end.
#[test]
fn a_comment_after_a_round_stays_with_it() {
    let round_1 = format!(
        "\
players = [\"Ann\", \"Bob\"]
{HEAD}rules = {{ decks = 2 }}

[[rounds]]
round = 1
deadwood = {{ Ann = 26, Bob = 0 }}
out = \"Bob\"
"
    );
    let env = written(&format!("{round_1}# Bob swears he did not peek\n"));
    env.ok(&["round", "5", "0", "--out", "Bob"]);
    let rules = "rules = { decks = 2, face_cards = \"rank\", ace_value = 1, ace_high = false, all_wild_melds = true, \
                 jokers = 0, kings_wild = false, extra_rounds = 0, down_and_up = false, lay_off = false, \
                 double_last_rounds = false, go_out_bonus = 0, bad_go_out_penalty = 0, double_naughts = false, \
                 tiebreak = \"share\" }";
    let round_1 = round_1.replace("rules = { decks = 2 }", rules).replace("2026-01-01T21:00:00Z", "NOW");
    let with_comment = format!("{round_1}# Bob swears he did not peek\n");
    let round_2 = "\n[[rounds]]\nround = 2\ndeadwood = { Ann = 5, Bob = 0 }\nout = \"Bob\"\n";
    assert_eq!(saved(&env), format!("{with_comment}{round_2}"));
    env.ok(&["undo", "--yes"]);
    assert_eq!(saved(&env), with_comment);

    // After a blank line, a comment ends the file.
    let text = String::from_utf8(env.session_bytes("g")).unwrap();
    std::fs::write(env.session_file("g"), format!("{text}\n# the end\n")).unwrap();
    env.ok(&["round", "5", "0", "--out", "Bob"]);
    assert_eq!(saved(&env), format!("{with_comment}{round_2}\n# the end\n"));
}
