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
complete -c three13 -n "__fish_three13_needs_command" -f -a "check" -d 'Check a hand: minimum deadwood, melds, best discard, outs'
complete -c three13 -n "__fish_three13_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c three13 -n "__fish_three13_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c three13 -n "__fish_three13_using_subcommand check" -l round -d 'The round the hand is from [default: inferred from the number of cards]' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l wild -d 'The round\'s wild rank (A 2-10 J Q K), which picks the round' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l rules -d 'Start from a preset: standard, tens or strict [default: the session\'s rules, else standard]' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l set -d 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l onto -d 'A meld already on the table, to lay cards off onto (repeatable; with lay_off=true)' -r
complete -c three13 -n "__fish_three13_using_subcommand check" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand check" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand check" -l json -d 'One JSON object per hand'
complete -c three13 -n "__fish_three13_using_subcommand check" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand check" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand completions" -l color -d 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t''
never\t''"
complete -c three13 -n "__fish_three13_using_subcommand completions" -l data-dir -d 'The data folder [default: THREE13_DATA_DIR, else the system\'s data folder]' -r -F
complete -c three13 -n "__fish_three13_using_subcommand completions" -l ascii -d 'Write cards in ASCII (7d 10c Ks) even on a terminal'
complete -c three13 -n "__fish_three13_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c three13 -n "__fish_three13_using_subcommand completions" -s V -l version -d 'Print version'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check completions help" -f -a "check" -d 'Check a hand: minimum deadwood, melds, best discard, outs'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check completions help" -f -a "completions" -d 'Print a shell completion script'
complete -c three13 -n "__fish_three13_using_subcommand help; and not __fish_seen_subcommand_from check completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
