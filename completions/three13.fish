# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_three13_global_optspecs
    string join \n color= ascii data-dir= h/help V/version
end

function __fish_three13_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_three13_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_three13_using_subcommand
    set -l cmd (__fish_three13_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c three13 -n "__fish_three13_needs_command" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_needs_command" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_needs_command" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_needs_command" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_needs_command" -f -a "check" -d 'Check a hand: minimum deadwood, melds, best discard, outs, a declared hand judged'
complete -c three13 -n "__fish_three13_needs_command" -f -a "new" -d 'Start a game: players in seat order, the first dealer, the rules'
complete -c three13 -n "__fish_three13_needs_command" -f -a "round" -d 'Record the next round: each player\'s deadwood, or the hand they held'
complete -c three13 -n "__fish_three13_needs_command" -f -a "table" -d 'The running score table: every round, totals, the leader or winner'
complete -c three13 -n "__fish_three13_needs_command" -f -a "undo" -d 'Remove the last recorded round'
complete -c three13 -n "__fish_three13_needs_command" -f -a "edit" -d 'Correct one score of a recorded round'
complete -c three13 -n "__fish_three13_needs_command" -f -a "sessions" -d 'List the sessions, the current one marked'
complete -c three13 -n "__fish_three13_needs_command" -f -a "use" -d 'Make another session the current one'
complete -c three13 -n "__fish_three13_needs_command" -f -a "delete" -d 'Delete a session'
complete -c three13 -n "__fish_three13_needs_command" -f -a "rules" -d 'Show the rules in force and the round table'
complete -c three13 -n "__fish_three13_needs_command" -f -a "stats" -d 'Players\' records over every finished game'
complete -c three13 -n "__fish_three13_needs_command" -f -a "export" -d 'Write a session\'s rounds as CSV or JSON'
complete -c three13 -n "__fish_three13_needs_command" -f -a "path" -d 'Print the data folder and the current session\'s file'
complete -c three13 -n "__fish_three13_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c three13 -n "__fish_three13_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c three13 -n "__fish_three13_using_subcommand check" -l round -d 'The round the hand is from [default: inferred from the number of cards]' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l wild -d 'The round\'s wild rank (A 2-10 J Q K), which picks the round' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -s s -l session -d 'Use this session\'s rules and next round [default: the current session\'s, when nothing else is named]' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l rules -d 'Start from a preset: standard, tens or strict [default: the session\'s rules, else standard]' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l set -d 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l onto -d 'A meld already on the table, to lay cards off onto (repeatable; with lay_off=true)' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l seen -d 'Cards seen out of the stock: the discard pile, melds shown by others (repeatable)' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand check" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand check" -l json -d 'One JSON object per hand'
complete -c three13 -n "__fish_three13_using_subcommand check" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand check" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand new" -s p -l player -d 'A player, in seat order (repeat for each player)' -r
complete -c three13 -n "__fish_three13_using_subcommand new" -l dealer -d 'The player who deals round 1 [default: the first player]' -r
complete -c three13 -n "__fish_three13_using_subcommand new" -l rules -d 'Start from a preset: standard, tens or strict [default: the session\'s rules, else standard]' -r
complete -c three13 -n "__fish_three13_using_subcommand new" -l set -d 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)' -r
complete -c three13 -n "__fish_three13_using_subcommand new" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand new" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand new" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand new" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand new" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand round" -l out -d 'The first player to go out (their deadwood must be 0)' -r
complete -c three13 -n "__fish_three13_using_subcommand round" -l penalty -d 'A player who declared out with a hand that does not meld (repeatable)' -r
complete -c three13 -n "__fish_three13_using_subcommand round" -s s -l session -d 'The session to act on [default: the current one]' -r
complete -c three13 -n "__fish_three13_using_subcommand round" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand round" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand round" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand round" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand round" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand table" -s s -l session -d 'The session to act on [default: the current one]' -r
complete -c three13 -n "__fish_three13_using_subcommand table" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand table" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand table" -l json -d 'The table as one JSON object'
complete -c three13 -n "__fish_three13_using_subcommand table" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand table" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand table" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand undo" -s s -l session -d 'The session to act on [default: the current one]' -r
complete -c three13 -n "__fish_three13_using_subcommand undo" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand undo" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand undo" -s y -l yes -d 'Do not ask; needed when stdin is not a terminal'
complete -c three13 -n "__fish_three13_using_subcommand undo" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand undo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand undo" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand edit" -s s -l session -d 'The session to act on [default: the current one]' -r
complete -c three13 -n "__fish_three13_using_subcommand edit" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand edit" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand edit" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand edit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand edit" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand sessions" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand sessions" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand sessions" -l json -d 'The list as a JSON array'
complete -c three13 -n "__fish_three13_using_subcommand sessions" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand sessions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand sessions" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand use" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand use" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand use" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand use" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand use" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand delete" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand delete" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand delete" -s y -l yes -d 'Do not ask; needed when stdin is not a terminal'
complete -c three13 -n "__fish_three13_using_subcommand delete" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand delete" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand rules" -l set -d 'Change one setting, e.g. --set decks=3 (repeatable)' -r
complete -c three13 -n "__fish_three13_using_subcommand rules" -s s -l session -d 'The session to act on [default: the current one]' -r
complete -c three13 -n "__fish_three13_using_subcommand rules" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand rules" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand rules" -l json -d 'The rules and the round table as one JSON object'
complete -c three13 -n "__fish_three13_using_subcommand rules" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand rules" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand rules" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand stats" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand stats" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand stats" -l json -d 'The records as one JSON object'
complete -c three13 -n "__fish_three13_using_subcommand stats" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand stats" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand export" -s s -l session -d 'The session to act on [default: the current one]' -r
complete -c three13 -n "__fish_three13_using_subcommand export" -l format -d 'The format' -r -f -a "csv\t''
json\t''"
complete -c three13 -n "__fish_three13_using_subcommand export" -s o -l output -d 'Write to FILE instead of stdout' -r -F
complete -c three13 -n "__fish_three13_using_subcommand export" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand export" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand export" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand export" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand path" -s s -l session -d 'The session to act on [default: the current one]' -r
complete -c three13 -n "__fish_three13_using_subcommand path" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand path" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand path" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand path" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand path" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand completions" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand completions" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand completions" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand completions" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "check" -d 'Check a hand: minimum deadwood, melds, best discard, outs, a declared hand judged'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "new" -d 'Start a game: players in seat order, the first dealer, the rules'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "round" -d 'Record the next round: each player\'s deadwood, or the hand they held'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "table" -d 'The running score table: every round, totals, the leader or winner'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "undo" -d 'Remove the last recorded round'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "edit" -d 'Correct one score of a recorded round'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "sessions" -d 'List the sessions, the current one marked'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "use" -d 'Make another session the current one'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "delete" -d 'Delete a session'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "rules" -d 'Show the rules in force and the round table'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "stats" -d 'Players\' records over every finished game'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "export" -d 'Write a session\'s rounds as CSV or JSON'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "path" -d 'Print the data folder and the current session\'s file'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "completions" -d 'Print a shell completion script'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check new round table undo edit sessions use delete rules stats export path completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
