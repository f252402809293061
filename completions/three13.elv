
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
            cand check 'Check a hand: minimum deadwood, melds, best discard, outs'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'three13;check'= {
            cand --round 'The round the hand is from [default: inferred from the number of cards]'
            cand --wild 'The round''s wild rank (A 2-10 J Q K), which picks the round'
            cand --rules 'Start from a preset: standard, tens or strict [default: the session''s rules, else standard]'
            cand --set 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)'
            cand --onto 'A meld already on the table, to lay cards off onto (repeatable; with lay_off=true)'
            cand --color 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --data-dir 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]'
            cand --json 'One JSON object per hand'
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
            cand check 'Check a hand: minimum deadwood, melds, best discard, outs'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'three13;help;check'= {
        }
        &'three13;help;completions'= {
        }
        &'three13;help;help'= {
        }
    ]
    $completions[$command]
}
