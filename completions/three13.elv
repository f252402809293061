
use builtin;
use str;

set edit:completion:arg-completer[three13] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'three13'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'three13'= {
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand check 'Check a hand: minimum deadwood, melds, best discard, outs, a declared hand judged'
            cand new 'Start a game: players in seat order, the first dealer, the rules'
            cand round 'Record the next round: each player''s deadwood, or the hand they held'
            cand table 'The running score table: every round, totals, the leader or winner'
            cand undo 'Remove the last recorded round'
            cand edit 'Correct one score of a recorded round'
            cand sessions 'List the sessions, the current one marked'
            cand use 'Make another session the current one'
            cand delete 'Delete a session'
            cand rules 'Show the rules in force and the round table'
            cand stats 'Players'' records over every finished game'
            cand export 'Write a session''s rounds as CSV or JSON'
            cand path 'Print the data folder and the current session''s file'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'three13;check'= {
            cand --round 'The round the hand is from [default: inferred from the number of cards]'
            cand --wild 'The round''s wild rank (A 2-10 J Q K), which picks the round'
            cand -s 'Use this session''s rules and next round [default: the current session''s, when nothing else is named]'
            cand --session 'Use this session''s rules and next round [default: the current session''s, when nothing else is named]'
            cand --rules 'Start from a preset: standard, tens or strict [default: the session''s rules, else standard]'
            cand --set 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)'
            cand --onto 'A meld already on the table, to lay cards off onto (repeatable; with lay_off=true)'
            cand --seen 'Cards seen out of the stock: the discard pile, melds shown by others (repeatable)'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --json 'One JSON object per hand'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;new'= {
            cand -p 'A player, in seat order (repeat for each player)'
            cand --player 'A player, in seat order (repeat for each player)'
            cand --dealer 'The player who deals round 1 [default: the first player]'
            cand --rules 'Start from a preset: standard, tens or strict [default: the session''s rules, else standard]'
            cand --set 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;round'= {
            cand --out 'The first player to go out (their deadwood must be 0)'
            cand --penalty 'A player who declared out with a hand that does not meld (repeatable)'
            cand -s 'The session to act on [default: the current one]'
            cand --session 'The session to act on [default: the current one]'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;table'= {
            cand -s 'The session to act on [default: the current one]'
            cand --session 'The session to act on [default: the current one]'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --json 'The table as one JSON object'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;undo'= {
            cand -s 'The session to act on [default: the current one]'
            cand --session 'The session to act on [default: the current one]'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand -y 'Do not ask; needed when stdin is not a terminal'
            cand --yes 'Do not ask; needed when stdin is not a terminal'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;edit'= {
            cand -s 'The session to act on [default: the current one]'
            cand --session 'The session to act on [default: the current one]'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;sessions'= {
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --json 'The list as a JSON array'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;use'= {
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;delete'= {
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand -y 'Do not ask; needed when stdin is not a terminal'
            cand --yes 'Do not ask; needed when stdin is not a terminal'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;rules'= {
            cand --set 'Change one setting, e.g. --set decks=3 (repeatable)'
            cand -s 'The session to act on [default: the current one]'
            cand --session 'The session to act on [default: the current one]'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --json 'The rules and the round table as one JSON object'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;stats'= {
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --json 'The records as one JSON object'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;export'= {
            cand -s 'The session to act on [default: the current one]'
            cand --session 'The session to act on [default: the current one]'
            cand --format 'The format'
            cand -o 'Write to FILE instead of stdout'
            cand --output 'Write to FILE instead of stdout'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;path'= {
            cand -s 'The session to act on [default: the current one]'
            cand --session 'The session to act on [default: the current one]'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;completions'= {
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --ascii 'Write cards in ASCII (7d 10c Ks) even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'three13;help'= {
            cand check 'Check a hand: minimum deadwood, melds, best discard, outs, a declared hand judged'
            cand new 'Start a game: players in seat order, the first dealer, the rules'
            cand round 'Record the next round: each player''s deadwood, or the hand they held'
            cand table 'The running score table: every round, totals, the leader or winner'
            cand undo 'Remove the last recorded round'
            cand edit 'Correct one score of a recorded round'
            cand sessions 'List the sessions, the current one marked'
            cand use 'Make another session the current one'
            cand delete 'Delete a session'
            cand rules 'Show the rules in force and the round table'
            cand stats 'Players'' records over every finished game'
            cand export 'Write a session''s rounds as CSV or JSON'
            cand path 'Print the data folder and the current session''s file'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'three13;help;check'= {
        }
        &'three13;help;new'= {
        }
        &'three13;help;round'= {
        }
        &'three13;help;table'= {
        }
        &'three13;help;undo'= {
        }
        &'three13;help;edit'= {
        }
        &'three13;help;sessions'= {
        }
        &'three13;help;use'= {
        }
        &'three13;help;delete'= {
        }
        &'three13;help;rules'= {
        }
        &'three13;help;stats'= {
        }
        &'three13;help;export'= {
        }
        &'three13;help;path'= {
        }
        &'three13;help;completions'= {
        }
        &'three13;help;help'= {
        }
    ]
    $completions[$command]
}
